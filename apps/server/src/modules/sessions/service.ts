import type { ChangePasswordBody } from '@alumnet/contract';
import type { Database } from '../../db/client';
import { notFound, badRequest } from '../../lib/errors';
import { hashChosenPassword, verifyPassword } from '../../lib/passwords';
import type { SessionUser } from '../auth/repository';
import { findPasswordHash, updatePassword } from '../auth/repository';
import { presentSession } from './presenter';
import * as repo from './repository';

export const SESSION_NOT_FOUND_MESSAGE = 'That session has already ended.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is not right.';

/**
 * The member's own sessions and password. Each call that ends sessions answers their ids: the
 * route makes every process forget them and closes their sockets.
 */
export function createSessionsService(db: Database) {
  return {
    async list(user: SessionUser) {
      const rows = await repo.listSessions(db, user.id);
      return { sessions: rows.map((row) => presentSession(row, user.sessionId)) };
    },

    async endOne(user: SessionUser, sessionId: string) {
      const ended = await repo.deleteOwnSession(db, user.id, sessionId);
      if (ended.length === 0) throw notFound(SESSION_NOT_FOUND_MESSAGE);
      return ended;
    },

    endOthers: (user: SessionUser) => repo.deleteOtherSessions(db, user.id, user.sessionId),

    /** Keeps this session; every other one ends with the old password. */
    async changePassword(user: SessionUser, body: ChangePasswordBody) {
      const current = await findPasswordHash(db, user.id);
      if (!(await verifyPassword(current, body.currentPassword)))
        throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
      const passwordHash = await hashChosenPassword(body.newPassword);
      return db.transaction(async (tx) => {
        await updatePassword(tx, user.id, passwordHash);
        return repo.deleteOtherSessions(tx, user.id, user.sessionId);
      });
    },
  };
}
