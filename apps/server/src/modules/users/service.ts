import { IMAGE_NAME, type profileUpdateBody } from '@alumnet/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { MAX_CITY_ID } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { hashChosenPassword } from '../../lib/passwords';
import type { SessionUser } from '../auth/repository';
import { automaticGroupsOf, ruleMoves } from '../groups';
import * as repo from './repository';

type ProfileUpdate = z.output<typeof profileUpdateBody>;

export const messages = {
  unknownCountry: 'Unknown country.',
  cityNotInCountry: 'The city does not belong to the chosen country.',
  invalidImage: 'Invalid image',
} as const;

/**
 * The country and city after the update. A field left out keeps its value; no country clears the
 * city; a new country without a city clears the old country's city.
 */
async function resolvePlace(
  tx: Executor,
  current: { countryId: string | null; cityId: number | null },
  body: ProfileUpdate,
): Promise<Pick<repo.ProfileChanges, 'locationCountryId' | 'locationCityId'>> {
  if (body.locationCountry === undefined && body.locationCity === undefined) return {};
  const countryId =
    body.locationCountry === undefined
      ? current.countryId
      : body.locationCountry
        ? body.locationCountry.toUpperCase()
        : null;
  if (!countryId) return { locationCountryId: null, locationCityId: null };
  if (countryId !== current.countryId && !(await repo.countryExists(tx, countryId)))
    throw badRequest(messages.unknownCountry);

  let cityId: number | null;
  if (body.locationCity === undefined)
    cityId = countryId === current.countryId ? current.cityId : null;
  else cityId = body.locationCity ? Number(body.locationCity) : null;
  if (
    cityId !== null &&
    (cityId > MAX_CITY_ID || !(await repo.cityIsInCountry(tx, cityId, countryId)))
  )
    throw badRequest(messages.cityNotInCountry);
  return { locationCountryId: countryId, locationCityId: cityId };
}

export function createUserService(db: Database) {
  return {
    /**
     * Changes only what a member may change of their own profile. A new password ends the
     * member's other sessions (other devices) and keeps the one making the request; their ids
     * come back as `endedSessionIds`.
     */
    async updateProfile(viewer: SessionUser, body: ProfileUpdate) {
      const changes: repo.ProfileChanges = {};
      if (body.companyName !== undefined) changes.companyName = body.companyName || null;
      if (body.profilePic !== undefined) {
        if (body.profilePic && !IMAGE_NAME.test(body.profilePic))
          throw badRequest(messages.invalidImage);
        changes.profilePic = body.profilePic || null;
      }
      if (body.isEntrepreneur !== undefined) changes.isEntrepreneur = body.isEntrepreneur;
      if (body.openToMentoring !== undefined) changes.openToMentoring = body.openToMentoring;
      // Hashing takes a while: done before the transaction so it holds its lock briefly.
      if (body.newpwd) changes.passwordHash = await hashChosenPassword(body.newpwd);

      return db.transaction(async (tx) => {
        const current = await repo.lockUserPlace(tx, viewer.id);
        if (!current) throw unauthorized();
        Object.assign(changes, await resolvePlace(tx, current, body));
        const groupsBefore = await automaticGroupsOf(tx, viewer.id);
        await repo.updateProfile(tx, viewer.id, changes);
        const groupMoves = ruleMoves(groupsBefore, await automaticGroupsOf(tx, viewer.id));
        const endedSessionIds = changes.passwordHash
          ? await repo.endOtherSessions(tx, viewer.id, viewer.sessionId)
          : [];
        const view = await repo.findUserView(tx, viewer.id);
        if (!view) throw unauthorized();
        return { view, endedSessionIds, groupMoves };
      });
    },
  };
}
