import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarProblems,
  layOut,
  moveMatch,
  readDate,
  readTime,
  setVenue,
  swapMatches,
  utcInstant,
  type CalendarMatch,
  type Scheduled,
} from './fixture-calendar.ts';
import { planFormat } from './format-plan.ts';

const teams = (count: number) => Array.from({ length: count }, (_, index) => `T${index + 1}`);
const league = (count: number, double = false) => planFormat({ kind: 'league', double }, teams(count)).matches;
const cup = (count: number) => planFormat({ kind: 'knockout' }, teams(count)).matches;
const MINUTE = 60_000;

describe('local dates and times', () => {
  it('reads YYYY-MM-DD and DD/MM/YYYY, and refuses days that do not exist', () => {
    expect(readDate('2024-03-05')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(readDate(' 05/03/2024 ')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(readDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['2023-02-29', '31/04/2024', '2024-13-01', '2024-00-10', '0050-01-01', '03/05/24', '5 March 2024', '']) {
      expect(readDate(bad)).toBeUndefined();
    }
  });

  it('reads 24-hour and am/pm times as minutes after midnight', () => {
    expect(readTime('18:30')).toBe(18 * 60 + 30);
    expect(readTime('7:05')).toBe(7 * 60 + 5);
    expect(readTime('6:30 pm')).toBe(18 * 60 + 30);
    expect(readTime('6PM')).toBe(18 * 60);
    expect(readTime('12:15 am')).toBe(15);
    expect(readTime('12 p.m.')).toBe(12 * 60);
    for (const bad of ['24:00', '18:60', '13:00 pm', '0:30 am', '1830', '6', '']) expect(readTime(bad)).toBeUndefined();
  });

  it('turns a local time at an offset into the UTC instant, across midnight too', () => {
    expect(utcInstant({ year: 2024, month: 3, day: 1 }, 18 * 60)).toBe('2024-03-01T12:30:00.000Z');
    expect(utcInstant({ year: 2024, month: 3, day: 1 }, 15)).toBe('2024-02-29T18:45:00.000Z');
    expect(utcInstant({ year: 2024, month: 3, day: 1 }, 18 * 60, 0)).toBe('2024-03-01T18:00:00.000Z');
  });
});

describe('layOut', () => {
  it('fills the daily slots in order, a team never twice in one slot', () => {
    const matches = league(4);
    const laidOut = layOut(matches, { startDate: '2024-03-01', dailySlots: ['15:00', '10:00'] });
    expect(laidOut.map((match) => [match.id, match.startsAt])).toEqual([
      ['R1-M1', '2024-03-01T04:30:00.000Z'],
      ['R1-M2', '2024-03-01T09:30:00.000Z'],
      ['R2-M1', '2024-03-02T04:30:00.000Z'],
      ['R2-M2', '2024-03-02T09:30:00.000Z'],
      ['R3-M1', '2024-03-03T04:30:00.000Z'],
      ['R3-M2', '2024-03-03T09:30:00.000Z'],
    ]);
    expect(laidOut[0]).toEqual({ ...matches[0], startsAt: '2024-03-01T04:30:00.000Z' });
  });

  it('shares a slot between venues, and keeps a team minutesBetween apart', () => {
    const matches = league(4);
    const options = { startDate: '2024-03-01', dailySlots: ['10:00', '15:00'], venues: ['North', 'South'] };
    expect(layOut(matches, options).map((match) => `${match.startsAt} ${match.venue}`)).toEqual([
      '2024-03-01T04:30:00.000Z North',
      '2024-03-01T04:30:00.000Z South',
      '2024-03-01T09:30:00.000Z North',
      '2024-03-01T09:30:00.000Z South',
      '2024-03-02T04:30:00.000Z North',
      '2024-03-02T04:30:00.000Z South',
    ]);
    // 6 hours' rest: the 15:00 slot is too soon after 10:00.
    expect(layOut(matches, { ...options, minutesBetween: 360 }).map((match) => match.startsAt.slice(0, 10))).toEqual([
      '2024-03-01',
      '2024-03-01',
      '2024-03-02',
      '2024-03-02',
      '2024-03-03',
      '2024-03-03',
    ]);
  });

  it('starts each knockout round after the one before is done, byes laid out as no match', () => {
    const matches = cup(5);
    expect(matches).toMatchObject([
      { id: 'R1-M2', round: 1, knockout: true, home: 'T4', away: 'T5' },
      { id: 'R2-M1', round: 2, knockout: true, home: 'T1' },
      { id: 'R2-M2', round: 2, knockout: true, home: 'T2', away: 'T3' },
      { id: 'R3-M1', round: 3, knockout: true },
    ]);
    const laidOut = layOut(matches, { startDate: '2024-03-01', dailySlots: ['10:00'], venues: ['North', 'South'] });
    expect(laidOut.map((match) => `${match.id} ${match.startsAt.slice(0, 10)} ${match.venue}`)).toEqual([
      'R1-M2 2024-03-01 North',
      'R2-M1 2024-03-02 North',
      'R2-M2 2024-03-02 South',
      'R3-M1 2024-03-03 North',
    ]);
  });

  it('refuses a bad start date, slot or minutesBetween', () => {
    const matches = league(2);
    expect(() => layOut(matches, { startDate: '2024-02-30', dailySlots: ['10:00'] })).toThrow(RangeError);
    expect(() => layOut(matches, { startDate: '2024-03-01', dailySlots: [] })).toThrow(RangeError);
    expect(() => layOut(matches, { startDate: '2024-03-01', dailySlots: ['25:00'] })).toThrow(RangeError);
    expect(() => layOut(matches, { startDate: '2024-03-01', dailySlots: ['10:00'], minutesBetween: -1 })).toThrow(RangeError);
  });

  // A league, a league then a knockout, or groups then a knockout, laid out with random slots and venues.
  const fixtures = fc.oneof(
    fc.record({ count: fc.integer({ min: 2, max: 10 }), double: fc.boolean() }).map(({ count, double }) => league(count, double)),
    fc.integer({ min: 2, max: 10 }).map((count) => [...league(count), ...cup(count)]),
    fc
      .record({ count: fc.integer({ min: 4, max: 16 }), advance: fc.integer({ min: 1, max: 2 }) })
      .map(({ count, advance }) => planFormat({ kind: 'groups-knockout', groups: 2, advancePerGroup: advance }, teams(count)).matches),
  );
  const settings = fc.record({
    dailySlots: fc.uniqueArray(fc.integer({ min: 0, max: 23 * 60 + 59 }), { minLength: 1, maxLength: 4 }),
    venues: fc.uniqueArray(fc.constantFrom('North', 'South', 'East'), { maxLength: 3 }),
    minutesBetween: fc.integer({ min: 0, max: 1500 }),
    timeZoneOffsetMinutes: fc.constantFrom(330, 0, -300, 345),
  });
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

  /** What breaks the layout's rules (plain loops: the property runs them hundreds of times). */
  function layoutFaults(matches: CalendarMatch[], laidOut: (CalendarMatch & Scheduled)[], setting: typeof settings extends fc.Arbitrary<infer S> ? S : never) {
    const faults: string[] = [];
    const gap = setting.minutesBetween * MINUTE;
    const at = (match: Scheduled) => Date.parse(match.startsAt);
    if (laidOut.length !== matches.length || laidOut.some((match, index) => match.id !== matches[index].id)) faults.push('matches changed');
    const perSlot = new Map<number, (CalendarMatch & Scheduled)[]>();
    for (const match of laidOut) perSlot.set(at(match), [...(perSlot.get(at(match)) ?? []), match]);
    for (const [ms, together] of perSlot) {
      const local = (((ms / MINUTE + setting.timeZoneOffsetMinutes) % 1440) + 1440) % 1440;
      if (!setting.dailySlots.includes(local)) faults.push(`${new Date(ms).toISOString()} is no daily slot`);
      if (together.length > Math.max(1, setting.venues.length)) faults.push(`${together.length} matches at once`);
      const venues = together.flatMap((match) => (match.venue === undefined ? [] : [match.venue]));
      if (new Set(venues).size !== venues.length || venues.length !== (setting.venues.length > 0 ? together.length : 0)) faults.push('venues');
      const playing = together.flatMap((match) => [match.home, match.away]).filter((team) => team !== undefined);
      if (new Set(playing).size !== playing.length) faults.push('a team twice in one slot');
    }
    // Each team's matches by time are its matches by round (league before knockout), minutesBetween apart.
    const phase = (match: CalendarMatch) => (match.knockout ? 1000 + match.round : match.round);
    const byTeam = new Map<string, (CalendarMatch & Scheduled)[]>();
    for (const match of laidOut) for (const team of [match.home, match.away]) if (team !== undefined) byTeam.set(team, [...(byTeam.get(team) ?? []), match]);
    for (const [team, own] of byTeam) {
      const byTime = [...own].sort((a, b) => at(a) - at(b));
      if (byTime.some((match, index) => index > 0 && phase(match) <= phase(byTime[index - 1]))) faults.push(`${team} out of round order`);
      if (byTime.some((match, index) => index > 0 && at(match) - at(byTime[index - 1]) < Math.max(gap, 1))) faults.push(`${team} without rest`);
    }
    // A knockout round starts after everything before it is done.
    for (const match of laidOut.filter((candidate) => candidate.knockout)) {
      const before = laidOut.filter((other) => phase(other) < phase(match));
      if (before.some((other) => at(match) - at(other) < Math.max(gap, 1))) faults.push(`${match.id} too early`);
    }
    return faults;
  }

  it('never puts a team twice in a slot, keeps each team to round order and its rest, and each knockout round after the last', () => {
    fc.assert(
      fc.property(fixtures, settings, (matches, setting) => {
        const options = { startDate: '2024-03-01', ...setting, dailySlots: setting.dailySlots.map(clock) };
        const laidOut = layOut(matches, options);
        expect(layoutFaults(matches, laidOut, setting)).toEqual([]);
        expect(calendarProblems(laidOut, { minutesBetween: setting.minutesBetween })).toEqual([]);
        expect(layOut(matches, options)).toEqual(laidOut);
      }),
    );
  });

  it('lays league matches before knockout ones and rounds in order, whatever the input order', () => {
    fc.assert(
      fc.property(fixtures, settings, fc.nat(), (matches, setting, shift) => {
        const rotated = [...matches.slice(shift % matches.length), ...matches.slice(0, shift % matches.length)];
        const laidOut = layOut(rotated, { startDate: '2024-03-01', ...setting, dailySlots: setting.dailySlots.map(clock) });
        expect(laidOut.map((match) => match.id)).toEqual(rotated.map((match) => match.id));
        const phase = (match: CalendarMatch) => (match.knockout ? 1000 + match.round : 0);
        const firstOfKnockout = Math.min(...laidOut.filter((match) => phase(match) > 0).map((match) => Date.parse(match.startsAt)));
        expect(laidOut.filter((match) => phase(match) === 0).every((match) => Date.parse(match.startsAt) < firstOfKnockout)).toBe(true);
      }),
    );
  });
});

describe('preview edits and calendar problems', () => {
  const laidOut = layOut(league(4), {
    startDate: '2024-03-01',
    dailySlots: ['10:00', '15:00'],
    venues: ['North', 'South'],
  });
  const byId = (matches: readonly (CalendarMatch & Scheduled)[], id: string) => matches.find((match) => match.id === id)!;

  it('finds nothing wrong with a laid-out calendar', () => {
    expect(calendarProblems(laidOut)).toEqual([]);
  });

  it('moves a match, and lists the clash a move makes', () => {
    const moved = moveMatch(laidOut, 'R2-M1', '2024-03-01T10:00:00+05:30');
    expect(byId(moved, 'R2-M1').startsAt).toBe('2024-03-01T04:30:00.000Z');
    expect(byId(moved, 'R2-M1').venue).toBe(byId(laidOut, 'R2-M1').venue);
    expect(laidOut).not.toBe(moved);
    expect(byId(laidOut, 'R2-M1').startsAt).toBe('2024-03-01T09:30:00.000Z');
    const problems = calendarProblems(moved);
    expect(problems).toContainEqual({ kind: 'venue-twice-at-once', venue: 'North', startsAt: '2024-03-01T04:30:00.000Z', matchIds: ['R1-M1', 'R2-M1'] });
    expect(problems.filter((problem) => problem.kind === 'team-twice-at-once')).toHaveLength(2);
  });

  it('swaps two matches’ times and venues', () => {
    const swapped = swapMatches(laidOut, 'R1-M1', 'R3-M2');
    expect([byId(swapped, 'R1-M1').startsAt, byId(swapped, 'R1-M1').venue]).toEqual([byId(laidOut, 'R3-M2').startsAt, byId(laidOut, 'R3-M2').venue]);
    expect([byId(swapped, 'R3-M2').startsAt, byId(swapped, 'R3-M2').venue]).toEqual([byId(laidOut, 'R1-M1').startsAt, byId(laidOut, 'R1-M1').venue]);
    // Every team plays every round, so trading across rounds clashes; trading back mends it.
    expect(calendarProblems(swapped).map((problem) => problem.kind)).toEqual(['team-twice-at-once', 'team-twice-at-once']);
    expect(swapMatches(swapped, 'R1-M1', 'R3-M2')).toEqual(laidOut);
  });

  it('sets or clears a venue, and lists a venue used twice at once', () => {
    const sameVenue = setVenue(laidOut, 'R1-M2', 'North');
    expect(calendarProblems(sameVenue)).toEqual([
      { kind: 'venue-twice-at-once', venue: 'North', startsAt: '2024-03-01T04:30:00.000Z', matchIds: ['R1-M1', 'R1-M2'] },
    ]);
    const cleared = setVenue(laidOut, 'R1-M2', undefined);
    expect('venue' in byId(cleared, 'R1-M2')).toBe(false);
  });

  it('refuses an unknown match or time', () => {
    expect(() => moveMatch(laidOut, 'R9-M9', '2024-03-01T10:00:00Z')).toThrow(RangeError);
    expect(() => moveMatch(laidOut, 'R1-M1', 'tomorrow')).toThrow(RangeError);
    expect(() => swapMatches(laidOut, 'R1-M1', 'R9-M9')).toThrow(RangeError);
    expect(() => setVenue(laidOut, 'R9-M9', 'North')).toThrow(RangeError);
  });

  it('lists too little rest, and a knockout match before the round it follows is done', () => {
    const calendar = [
      { id: 'L1', round: 1, home: 'T1', away: 'T2', startsAt: '2024-03-01T04:30:00.000Z' },
      { id: 'L2', round: 2, home: 'T1', away: 'T3', startsAt: '2024-03-01T06:30:00.000Z' },
      { id: 'K1', round: 1, knockout: true, startsAt: '2024-03-01T07:30:00.000Z' },
    ];
    expect(calendarProblems(calendar)).toEqual([]);
    expect(calendarProblems(calendar, { minutesBetween: 180 })).toEqual([
      { kind: 'too-little-rest', teamId: 'T1', matchIds: ['L1', 'L2'] },
      { kind: 'knockout-too-early', matchIds: ['K1', 'L2'] },
    ]);
    expect(calendarProblems(moveMatch(calendar, 'K1', '2024-03-01T05:00:00Z'))).toEqual([{ kind: 'knockout-too-early', matchIds: ['K1', 'L2'] }]);
  });

  it('keeps its input as it was', () => {
    const frozen = Object.freeze(laidOut.map((match) => Object.freeze({ ...match })));
    expect(() => swapMatches(frozen, 'R1-M1', 'R1-M2')).not.toThrow();
    expect(() => setVenue(moveMatch(frozen, 'R1-M1', '2024-03-09T10:00:00Z'), 'R1-M1', undefined)).not.toThrow();
    expect(frozen).toEqual(laidOut);
  });
});
