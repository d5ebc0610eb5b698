import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { scoreOf, type RankingInputs } from './ranking';
import { batchYear, DEFAULT_CAPACITY } from './repository';

/**
 * What the ranking reads of one mentor, or of the member it ranks for: the keys each part
 * compares (ranking.ts), lower-cased where the comparison ignores case.
 */
export interface RankingKeys extends Record<string, unknown> {
  id: string;
  /** lower(branch name): branches belong to a batch, so the same branch in another batch is
   * another row with the same name. */
  branchKey: string | null;
  year: number | null;
  company: string | null;
  cityId: number | null;
  countryId: string | null;
  topics: string[];
  industries: string[];
  capacity: number;
  active: number;
  taking: boolean;
}

/**
 * Rows of mentors, or the member's own (`own`). `collegeId`: a whole college's list, its active
 * mentees counted in one grouped pass; without it a few rows, an index probe each. A mentor's
 * company and place rank (and name a reason) only when the mentor shows them to the whole
 * college (issue 30): the list is shared by every member who asks, so it cannot follow a batch.
 */
const keysQuery = (where: SQL, collegeId?: string, own = false) => sql`
  SELECT u.id, lower(br.branch_name) AS "branchKey", ${batchYear('b.batch_name')} AS year,
         ${collegeWide(own, 'privacy_company', sql`lower(nullif(trim(u.company_name), ''))`)}
           AS company,
         ${collegeWide(own, 'privacy_city', sql`u.location_city_id`)} AS "cityId",
         ${collegeWide(own, 'privacy_city', sql`u.location_country_id`)} AS "countryId",
         coalesce(p.topics, '{}') AS topics, coalesce(p.industries, '{}') AS industries,
         coalesce(p.capacity, ${DEFAULT_CAPACITY})::int AS capacity,
         coalesce(p.taking_requests, true) AS taking, coalesce(a.n, 0)::int AS active
    FROM users u
    LEFT JOIN batches b ON b.id = u.batch_id
    LEFT JOIN branches br ON br.id = u.branch_id
    LEFT JOIN mentor_profiles p ON p.user_id = u.id
    LEFT JOIN ${
      collegeId
        ? sql`(SELECT mentor_id, count(*) AS n FROM mentorships
                WHERE college_id = ${collegeId} AND ended_at IS NULL GROUP BY mentor_id) a
                ON a.mentor_id = u.id`
        : sql`LATERAL (SELECT count(*) AS n FROM mentorships m
                        WHERE m.mentor_id = u.id AND m.ended_at IS NULL) a ON true`
    }
   WHERE ${where}`;

const collegeWide = (own: boolean, setting: string, value: SQL) =>
  own ? value : sql`CASE WHEN u.${sql.identifier(setting)} = 'college' THEN ${value} END`;

const listed = sql`u.open_to_mentoring AND u.is_approved AND NOT u.is_rejected`;

/** The member's own keys (their industries are their own mentor profile's, if any). */
export async function memberKeys(db: Executor, userId: string) {
  const result = await db.execute<RankingKeys>(keysQuery(sql`u.id = ${userId}`, undefined, true));
  return result.rows[0];
}

export interface DirectoryFilter {
  /** As the college's list spells it (mentor profiles store that spelling). */
  topic?: string;
  industry?: string;
  country?: string;
  /** Only those taking requests with room for another mentee. */
  taking: boolean;
}

/** A mentor of a ranked page: their keys against the member's, and the score of those parts. */
export interface Ranked {
  mentor: RankingKeys;
  inputs: RankingInputs;
  score: number;
}

const lower = (text: string) => text.toLowerCase();

/**
 * A college's mentors as columns, the ranking's keys coded as numbers (equal keys, equal codes;
 * -1: none): a page reads every mentor, and a pass over typed arrays costs a fraction of one over
 * 50,000 objects spread through the heap. `mentors[i]` is row i, for the cards and the topics.
 */
export interface Columns {
  mentors: readonly RankingKeys[];
  branch: Int32Array;
  company: Int32Array;
  country: Int32Array;
  city: Int32Array;
  year: Int32Array;
  capacity: Int32Array;
  active: Int32Array;
  taking: Uint8Array;
  /** Topics and lower-cased industries as bit sets (bits.ts's `SetBits`). */
  topicBits: Int32Array;
  industryBits: Int32Array;
  topicCodes: SetCodes;
  industryCodes: SetCodes;
  /** Each mentor's industries lower-cased, for the rare names past the bits. */
  industries: readonly (readonly string[])[];
  /** Row of each mentor's id. */
  rowOf: ReadonlyMap<string, number>;
  /** Branch, company and country keys to their codes (one space, prefixed by kind). */
  codes: ReadonlyMap<string, number>;
}

const NONE = -1;

/**
 * Small sets of names (a mentor's topics, their industries) as bits of a 32-bit number: the first
 * 31 names a college uses each get a bit; any later name sets the top bit, "look at the names".
 */
class SetCodes {
  private readonly bitOf = new Map<string, number>();
  bits(names: readonly string[]) {
    let bits = 0;
    for (const name of names) {
      let bit = this.bitOf.get(name);
      if (bit === undefined)
        this.bitOf.set(name, (bit = this.bitOf.size < 31 ? 1 << this.bitOf.size : OTHER));
      bits |= bit;
    }
    return bits;
  }
  /** The bits of names already coded (unknown names: no mentor has them, nothing to match). */
  known(names: Iterable<string>) {
    let bits = 0;
    for (const name of names) bits |= this.bitOf.get(name) ?? 0;
    return bits;
  }
}
/** The top bit: a name past the first 31. */
const OTHER = 1 << 31;

export function columnsOf(mentors: readonly RankingKeys[]): Columns {
  const n = mentors.length;
  const codes = new Map<string, number>();
  const code = (kind: string, value: string | null) => {
    if (value === null) return NONE;
    const key = `${kind}:${value}`;
    let found = codes.get(key);
    if (found === undefined) codes.set(key, (found = codes.size));
    return found;
  };
  const columns: Columns = {
    mentors,
    branch: new Int32Array(n),
    company: new Int32Array(n),
    country: new Int32Array(n),
    city: new Int32Array(n),
    year: new Int32Array(n),
    capacity: new Int32Array(n),
    active: new Int32Array(n),
    taking: new Uint8Array(n),
    topicBits: new Int32Array(n),
    industryBits: new Int32Array(n),
    topicCodes: new SetCodes(),
    industryCodes: new SetCodes(),
    industries: mentors.map((m) => m.industries.map(lower)),
    rowOf: new Map(mentors.map((m, i) => [m.id, i])),
    codes,
  };
  mentors.forEach((m, i) => {
    columns.branch[i] = code('branch', m.branchKey);
    columns.company[i] = code('company', m.company);
    columns.country[i] = code('country', m.countryId);
    columns.city[i] = m.cityId ?? NONE;
    columns.year[i] = m.year ?? NONE;
    columns.capacity[i] = m.capacity;
    columns.active[i] = m.active;
    columns.taking[i] = m.taking ? 1 : 0;
    columns.topicBits[i] = columns.topicCodes.bits(m.topics);
    columns.industryBits[i] = columns.industryCodes.bits(columns.industries[i]!);
  });
  return columns;
}

/** The member as compared, in the columns' codes (a key no mentor has: a code none has). */
export interface Seeker {
  id: string;
  branch: number;
  company: number;
  country: number;
  city: number;
  year: number;
  /** Theirs and the one filtered by, lower-cased, and as the columns' bits. */
  industries: ReadonlySet<string>;
  industryBits: number;
  /** The topic asked about, and its bit (OTHER: past the bits, look at the names). */
  topic?: string;
  topicBit: number;
}

export function seekerOf(
  columns: Columns,
  me: RankingKeys,
  { industry, topic }: { industry?: string; topic?: string } = {},
): Seeker {
  const code = (kind: string, value: string | null) =>
    value === null ? NONE : (columns.codes.get(`${kind}:${value}`) ?? -2);
  const industries = new Set([...me.industries, ...(industry ? [industry] : [])].map(lower));
  return {
    id: me.id,
    branch: code('branch', me.branchKey),
    company: code('company', me.company),
    country: code('country', me.countryId),
    city: me.cityId ?? NONE,
    year: me.year ?? NONE,
    industries,
    industryBits: columns.industryCodes.known(industries),
    topic,
    topicBit: topic ? columns.topicCodes.known([topic]) : 0,
  };
}

/**
 * The parts of mentor `i` against the member (ranking.ts's inputs), written into `out`: reusing
 * one object, a page makes nothing per mentor.
 */
export function compare(
  columns: Columns,
  i: number,
  seeker: Seeker,
  out = {} as RankingInputs,
): RankingInputs {
  let sharedIndustry: string | null = null;
  const bits = columns.industryBits[i]!;
  if ((bits & seeker.industryBits & ~OTHER) !== 0 || (bits & OTHER) !== 0) {
    const keys = columns.industries[i]!;
    for (let k = 0; k < keys.length; k++)
      if (seeker.industries.has(keys[k]!)) {
        sharedIndustry = columns.mentors[i]!.industries[k]!;
        break;
      }
  }
  const year = columns.year[i]!;
  out.sameBranch = seeker.branch !== NONE && columns.branch[i] === seeker.branch;
  out.sameCompany = seeker.company !== NONE && columns.company[i] === seeker.company;
  out.sharedIndustry = sharedIndustry;
  out.sameCity = seeker.city !== NONE && columns.city[i] === seeker.city;
  out.sameCountry = seeker.country !== NONE && columns.country[i] === seeker.country;
  out.topic = hasTopic(columns, i, seeker) ? seeker.topic! : null;
  out.yearsAhead = seeker.year !== NONE && year !== NONE ? seeker.year - year : null;
  out.takingRequests = columns.taking[i] === 1;
  out.atCapacity = columns.active[i]! >= columns.capacity[i]!;
  return out;
}

/** Whether mentor `i` covers the topic asked about (none asked: false). */
function hasTopic(columns: Columns, i: number, { topic, topicBit }: Seeker) {
  if (!topic || topicBit === 0) return false;
  const bits = columns.topicBits[i]!;
  if (topicBit !== OTHER) return (bits & topicBit) !== 0;
  return (bits & OTHER) !== 0 && columns.mentors[i]!.topics.includes(topic);
}

/** Higher score first, then id: the order of every page. */
const before = (a: Ranked, b: Ranked) =>
  a.score !== b.score ? a.score > b.score : a.mentor.id < b.mentor.id;

/**
 * One page of a college's mentors ranked for the member `me` (not among them), the filters
 * applied, and how many pass them. One pass keeps the best `page * size` in order (an insertion
 * into a short sorted list), so a page costs a pass over the columns, not a sort of them all.
 */
export function rankPage(
  columns: Columns,
  me: RankingKeys,
  filter: DirectoryFilter,
  page: number,
  size: number,
) {
  const keep = page * size;
  const best: Ranked[] = [];
  const seeker = seekerOf(columns, me, filter);
  const industry = filter.industry?.toLowerCase();
  const country = filter.country
    ? (columns.codes.get(`country:${filter.country.toUpperCase()}`) ?? -2)
    : NONE;
  const { mentors, taking, active, capacity } = columns;
  const scratch = {} as RankingInputs;
  const mine = columns.rowOf.get(me.id) ?? NONE;
  let total = 0;
  for (let i = 0; i < mentors.length; i++) {
    if (filter.topic && !hasTopic(columns, i, seeker)) continue;
    if (industry && !columns.industries[i]!.includes(industry)) continue;
    if (country !== NONE && columns.country[i] !== country) continue;
    if (filter.taking && !(taking[i] === 1 && active[i]! < capacity[i]!)) continue;
    if (i === mine) continue;
    total++;
    const score = scoreOf(compare(columns, i, seeker, scratch));
    const worst = best.length === keep ? best[keep - 1]! : null;
    // Most mentors fall below the page: nothing is made for them.
    if (worst && score < worst.score) continue;
    const mentor = mentors[i]!;
    if (worst && score === worst.score && mentor.id > worst.mentor.id) continue;
    const ranked = { mentor, inputs: compare(columns, i, seeker), score };
    let at = best.length;
    while (at > 0 && before(ranked, best[at - 1]!)) at--;
    best.splice(at, 0, ranked);
    if (best.length > keep) best.pop();
  }
  return { page: best.slice(keep - size), total };
}

interface CollegeMentors {
  /** The list, or its first read still under way (every call meanwhile waits for that one). */
  mentors: Columns | Promise<Columns>;
  loadedAt: number;
  reloading?: Promise<void>;
}

/**
 * Every listed mentor of a college, held in the process for `maxAgeMs`, and the ranking done over
 * them here: scoring the 50,000 mentors of a big college in SQL on every call read their users
 * rows each time (0.5-2 s a call at 1,000,000 members, bench:mentoring); held here, a page is a
 * pass over an array.
 *
 * A change made through this process (a profile saved, a request accepted, a mentorship ended)
 * refreshes that mentor's entry at once (`refresh`). Changes made elsewhere (another process, a
 * profile's "open to mentoring" checkbox, an admin's edit) show once the college's list is read
 * again: it is reloaded in the background when older than `maxAgeMs`, the old list serving until
 * then. What a member can act on is read fresh for the page's mentors (service.ts), and asking is
 * checked by the database, so the lag only ever moves a mentor in the order. `maxAgeMs` 0: read
 * the list on every call (tests that change rows directly).
 */
export function createMentorDirectory(db: Executor, maxAgeMs: number) {
  const colleges = new Map<string, CollegeMentors>();

  const load = async (collegeId: string) =>
    columnsOf(
      (
        await db.execute<RankingKeys>(
          keysQuery(sql`u.college_id = ${collegeId} AND ${listed}`, collegeId),
        )
      ).rows,
    );

  async function mentorsOf(collegeId: string): Promise<Columns> {
    if (maxAgeMs === 0) return load(collegeId);
    const held = colleges.get(collegeId);
    if (!held) {
      const first = load(collegeId);
      colleges.set(collegeId, { mentors: first, loadedAt: Date.now() });
      try {
        const mentors = await first;
        // Unless a refresh already replaced it with a list of its own.
        const now = colleges.get(collegeId);
        if (now?.mentors === first) now.mentors = mentors;
        return mentors;
      } catch (error) {
        // The next call tries again.
        if (colleges.get(collegeId)?.mentors === first) colleges.delete(collegeId);
        throw error;
      }
    }
    if (Date.now() - held.loadedAt > maxAgeMs && !held.reloading) {
      held.reloading = load(collegeId).then(
        (mentors) => void colleges.set(collegeId, { mentors, loadedAt: Date.now() }),
        // The old list serves on; the next call past its age tries again.
        () => void (held.reloading = undefined),
      );
    }
    return held.mentors;
  }

  /** Reads one mentor again into the college's list (or out of it, if no longer listed). */
  async function refresh(collegeId: string, mentorId: string): Promise<void> {
    const held = colleges.get(collegeId);
    if (!held) return;
    // A read under way may have seen the row before this change: read it again after.
    if (held.reloading) return held.reloading.then(() => refresh(collegeId, mentorId));
    if (held.mentors instanceof Promise) {
      await held.mentors.catch(() => {});
      return refresh(collegeId, mentorId);
    }
    const [row] = (
      await db.execute<RankingKeys>(
        keysQuery(sql`u.id = ${mentorId} AND u.college_id = ${collegeId} AND ${listed}`),
      )
    ).rows;
    // The list held now: a reload begun meanwhile read after this change, and is replaced too.
    const current = colleges.get(collegeId);
    if (!current || current.mentors instanceof Promise) return;
    const list = current.mentors.mentors;
    const at = list.findIndex((m) => m.id === mentorId);
    const mentors = list.filter((m) => m.id !== mentorId);
    if (row) mentors.splice(at < 0 ? mentors.length : at, 0, row);
    // New columns: a page being ranked keeps its own.
    current.mentors = columnsOf(mentors);
  }

  return { mentorsOf, refresh };
}
export type MentorDirectory = ReturnType<typeof createMentorDirectory>;
