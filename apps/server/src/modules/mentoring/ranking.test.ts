import { describe, expect, it } from 'vitest';
import { partsOf, reasonsOf, scoreOf, WEIGHTS, type RankingInputs } from './ranking';

const nothing: RankingInputs = {
  sameBranch: false,
  sameCompany: false,
  sharedIndustry: null,
  sameCity: false,
  sameCountry: false,
  topic: null,
  yearsAhead: null,
  takingRequests: true,
  atCapacity: false,
};
const names = { branch: 'Mechanical', company: 'Acme', city: 'Pune', country: 'India' };

describe('mentor ranking parts (issue 29)', () => {
  it('scores nothing in common as 0, with no reasons', () => {
    expect(scoreOf(nothing)).toBe(0);
    expect(reasonsOf(nothing, names)).toEqual([]);
  });

  it.each([
    ['sameBranch', { sameBranch: true }, WEIGHTS.sameBranch, 'Same branch: Mechanical'],
    ['sameCompany', { sameCompany: true }, WEIGHTS.sameCompany, 'Same company: Acme'],
    [
      'sharedIndustry',
      { sharedIndustry: 'Fintech' },
      WEIGHTS.sharedIndustry,
      'Same industry: Fintech',
    ],
    ['sameCity', { sameCity: true, sameCountry: true }, WEIGHTS.sameCity, 'Same city: Pune'],
    ['sameCountry', { sameCountry: true }, WEIGHTS.sameCountry, 'Same country: India'],
    ['topic', { topic: 'Entrepreneurship' }, WEIGHTS.topic, 'Mentors on Entrepreneurship'],
    ['yearsAhead', { yearsAhead: 8 }, WEIGHTS.yearsAhead, '8 years ahead of you'],
    ['behind', { yearsAhead: -1 }, WEIGHTS.behind, '1 year behind you'],
  ] as const)('%s counts its weight and says why', (_, over, points, reason) => {
    const row = { ...nothing, ...over };
    expect(scoreOf(row)).toBe(points);
    expect(reasonsOf(row, names)).toEqual([reason]);
  });

  it('counts a city match without also counting the country', () => {
    expect(partsOf({ ...nothing, sameCity: true, sameCountry: true })).toEqual({
      sameCity: WEIGHTS.sameCity,
    });
  });

  it('ranks a mentor ahead above one of the member’s own batch, and that above one behind', () => {
    const ahead = scoreOf({ ...nothing, yearsAhead: 1 });
    const own = scoreOf({ ...nothing, yearsAhead: 0 });
    const behind = scoreOf({ ...nothing, yearsAhead: -3 });
    expect(ahead).toBeGreaterThan(own);
    expect(own).toBeGreaterThan(behind);
    expect(reasonsOf({ ...nothing, yearsAhead: 0 }, names)).toEqual(['Your own batch']);
  });

  it('sinks a mentor who cannot be asked below everyone who can', () => {
    const best: RankingInputs = {
      ...nothing,
      sameBranch: true,
      sameCompany: true,
      sharedIndustry: 'Fintech',
      sameCity: true,
      topic: 'Career guidance',
      yearsAhead: 10,
    };
    const worst = { ...nothing, yearsAhead: -10 };
    expect(scoreOf({ ...best, atCapacity: true })).toBeLessThan(scoreOf(worst));
    expect(scoreOf({ ...best, takingRequests: false })).toBeLessThan(scoreOf(worst));
    expect(reasonsOf({ ...nothing, atCapacity: true }, names)).toEqual(['At capacity right now']);
    expect(reasonsOf({ ...nothing, takingRequests: false }, names)).toEqual([
      'Not taking requests right now',
    ]);
  });

  it('adds the parts: the score is the sum of the reasons’ points', () => {
    const row = { ...nothing, sameBranch: true, sameCountry: true, yearsAhead: 5 };
    expect(scoreOf(row)).toBe(WEIGHTS.sameBranch + WEIGHTS.sameCountry + WEIGHTS.yearsAhead);
    expect(reasonsOf(row, names)).toEqual([
      'Same branch: Mechanical',
      'Same country: India',
      '5 years ahead of you',
    ]);
  });
});
