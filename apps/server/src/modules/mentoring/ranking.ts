/**
 * How suggested mentors are ranked (issue 29): a score that is the sum of named parts, each with
 * the sentence the member reads under the mentor ("Same branch: Mechanical"). The weights live
 * here once: `scoreOf` orders the mentors (directory.ts ranks with it) and `reasonsOf` explains
 * the same parts, so the order the member sees is the sum of what they read.
 */
export const WEIGHTS = {
  /** Same branch name, in any batch (branches belong to a batch: names are compared). */
  sameBranch: 30,
  /** Same employer, case-insensitive. */
  sameCompany: 25,
  /** An industry of the mentor's among the member's own (their mentor profile's, or the filter). */
  sharedIndustry: 15,
  /** Same city; a city match does not also count the country. */
  sameCity: 20,
  sameCountry: 10,
  /** The mentor covers the topic the member is looking for. */
  topic: 25,
  /** A batch year ahead of the member's. */
  yearsAhead: 20,
  /** The member's own batch: a peer more than a mentor, below seniors who share less. */
  sameBatch: -40,
  /** A batch behind the member's: below every senior, whatever else a junior shares (the
   * matches together come to 115). */
  behind: -100,
  /** Cannot be asked now (not taking requests, or full): below everyone who can. */
  unavailable: -1000,
} as const;

export type PartName = keyof typeof WEIGHTS;

/** What the database answers about one mentor against the member: the inputs of every part. */
export interface RankingInputs {
  sameBranch: boolean;
  sameCompany: boolean;
  /** The first industry the mentor shares with the member, or null. */
  sharedIndustry: string | null;
  sameCity: boolean;
  sameCountry: boolean;
  /** The topic asked about, when the mentor covers it. */
  topic: string | null;
  /** How many years the mentor's batch is ahead of (before) the member's: the member's batch year
   * minus the mentor's; null when either is unknown. */
  yearsAhead: number | null;
  takingRequests: boolean;
  atCapacity: boolean;
}

/** The names a reason quotes. */
export interface ReasonNames {
  branch: string | null;
  company: string | null;
  city: string | null;
  country: string | null;
}

const PART_NAMES = Object.keys(WEIGHTS) as PartName[];
const PART_POINTS = PART_NAMES.map((name) => WEIGHTS[name]);
const bit = (part: PartName) => 1 << PART_NAMES.indexOf(part);
/** Each part's bit, as a literal of its own: read once per part per mentor, it must be fast. */
const BITS = {
  sameBranch: bit('sameBranch'),
  sameCompany: bit('sameCompany'),
  sharedIndustry: bit('sharedIndustry'),
  sameCity: bit('sameCity'),
  sameCountry: bit('sameCountry'),
  topic: bit('topic'),
  yearsAhead: bit('yearsAhead'),
  sameBatch: bit('sameBatch'),
  behind: bit('behind'),
  unavailable: bit('unavailable'),
} satisfies Record<PartName, number>;

/**
 * The parts that apply to a row, as one bit each (in the order of WEIGHTS): the one rule, which
 * `scoreOf` sums and `partsOf`/`reasonsOf` name. A number, not an object: a page scores every
 * mentor of the college with it.
 */
export function partBits(row: RankingInputs) {
  let bits = 0;
  if (row.sameBranch) bits |= BITS.sameBranch;
  if (row.sameCompany) bits |= BITS.sameCompany;
  if (row.sharedIndustry) bits |= BITS.sharedIndustry;
  if (row.sameCity) bits |= BITS.sameCity;
  else if (row.sameCountry) bits |= BITS.sameCountry;
  if (row.topic) bits |= BITS.topic;
  if (row.yearsAhead !== null)
    bits |=
      row.yearsAhead > 0 ? BITS.yearsAhead : row.yearsAhead === 0 ? BITS.sameBatch : BITS.behind;
  if (!row.takingRequests || row.atCapacity) bits |= BITS.unavailable;
  return bits;
}

/** The parts that apply to a row, by name, with their points. */
export function partsOf(row: RankingInputs): Partial<Record<PartName, number>> {
  const bits = partBits(row);
  const parts: Partial<Record<PartName, number>> = {};
  PART_NAMES.forEach((name, i) => {
    if (bits & (1 << i)) parts[name] = PART_POINTS[i]!;
  });
  return parts;
}

/** The score: the sum of the parts' points. */
export function scoreOf(row: RankingInputs) {
  let bits = partBits(row);
  let score = 0;
  for (let i = 0; bits !== 0; i++, bits >>>= 1) if (bits & 1) score += PART_POINTS[i]!;
  return score;
}

const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/** What the member reads: one sentence per part that counted, in the order of WEIGHTS. */
export function reasonsOf(row: RankingInputs, names: ReasonNames): string[] {
  const parts = partsOf(row);
  const reasons: string[] = [];
  if (parts.sameBranch !== undefined) reasons.push(`Same branch: ${names.branch ?? ''}`.trim());
  if (parts.sameCompany !== undefined) reasons.push(`Same company: ${names.company ?? ''}`.trim());
  if (parts.sharedIndustry !== undefined) reasons.push(`Same industry: ${row.sharedIndustry}`);
  if (parts.sameCity !== undefined) reasons.push(`Same city: ${names.city ?? ''}`.trim());
  if (parts.sameCountry !== undefined) reasons.push(`Same country: ${names.country ?? ''}`.trim());
  if (parts.topic !== undefined) reasons.push(`Mentors on ${row.topic}`);
  if (parts.yearsAhead !== undefined) reasons.push(`${years(row.yearsAhead!)} ahead of you`);
  if (parts.sameBatch !== undefined) reasons.push('Your own batch');
  if (parts.behind !== undefined) reasons.push(`${years(-row.yearsAhead!)} behind you`);
  if (parts.unavailable !== undefined)
    reasons.push(row.takingRequests ? 'At capacity right now' : 'Not taking requests right now');
  return reasons;
}
