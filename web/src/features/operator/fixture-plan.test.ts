import { describe, expect, it } from 'vitest';
import { planFormat } from '#shared/format-plan.ts';
import { MSG } from '#shared/messages.ts';
import {
  applyEdits,
  byDay,
  defaultCalendar,
  describeProblems,
  readCalendar,
  schedule,
  scheduleBody,
  sideName,
  moveTo,
  rankOrder,
  seedOrder,
  shuffled,
  slotTimes,
  tomorrow,
  type CalendarSettings,
} from './fixture-plan.ts';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const league = (n: number) => planFormat({ kind: 'league', double: false }, teams(n)).matches;
const IST = () => 330;
const settingsOf = (slots: string, extra: Partial<Parameters<typeof readCalendar>[0]> = {}): CalendarSettings => {
  const read = readCalendar({ startDate: '2030-03-01', slots, minutesBetween: '90', venues: '', ...extra }, IST);
  if ('problem' in read) throw new Error(read.problem);
  return read;
};
const istDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

describe('the seeding', () => {
  it('seeds in the order the teams were pasted, those entered before it after them by name', () => {
    const team = (teamName: string, entryOrder?: number) => ({ _id: teamName, teamName, teamRank: null, members: [], ...(entryOrder !== undefined && { entryOrder }) });
    expect(seedOrder([team('Yamuna', 1), team('Brahmaputra'), team('Kaveri', 0), team('Ganga', 2), team('Alaknanda')]).map((t) => t.teamName)).toEqual([
      'Kaveri',
      'Yamuna',
      'Ganga',
      'Alaknanda',
      'Brahmaputra',
    ]);
  });

  it('orders by rank on request, the unranked last as they were', () => {
    const team = (teamName: string, teamRank: number | null) => ({ _id: teamName, teamName, teamRank, members: [] });
    expect(rankOrder([team('Yamuna', null), team('Kaveri', 2), team('Ganga', null), team('Tapti', 1)]).map((t) => t.teamName)).toEqual(['Tapti', 'Kaveri', 'Yamuna', 'Ganga']);
  });

  it('moves one team to a seed in one step, and shuffles without losing a team', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c', 'd'], 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b'], 'x', 0)).toEqual(['a', 'b']);
    expect(shuffled(['a', 'b', 'c', 'd'], () => 0).sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the calendar', () => {
  it('defaults to tomorrow, 18:00 and 20:00, 90 minutes between, no venue', () => {
    expect(defaultCalendar(new Date(2030, 11, 31, 23, 0))).toEqual({ startDate: '2031-01-01', slots: '18:00, 20:00', minutesBetween: '90', venues: '' });
    expect(tomorrow(new Date(2030, 1, 28, 9))).toBe('2030-03-01');
  });

  it('reads what was typed, or says what to fix', () => {
    expect(settingsOf('6 pm; 20:00', { venues: 'Court 1, Court 2, Court 1' })).toEqual({
      startDate: '2030-03-01',
      dailySlots: ['6 pm', '20:00'],
      minutesBetween: 90,
      venues: ['Court 1', 'Court 2'],
      timeZoneOffsetMinutes: 330,
    });
    const read = (draft: Partial<Parameters<typeof readCalendar>[0]>) => readCalendar({ ...defaultCalendar(), ...draft }, IST);
    expect(read({ startDate: '' })).toEqual({ problem: MSG.calendarStartDateInvalid });
    expect(read({ startDate: '2030-02-30' })).toEqual({ problem: MSG.calendarStartDateInvalid });
    expect(read({ slots: '18:00, 25:00' })).toEqual({ problem: MSG.calendarSlotsInvalid });
    expect(read({ slots: ' ' })).toEqual({ problem: MSG.calendarSlotsInvalid });
    expect(read({ minutesBetween: '-5' })).toEqual({ problem: MSG.calendarMinutesInvalid });
    expect(read({ minutesBetween: '1.5' })).toEqual({ problem: MSG.calendarMinutesInvalid });
    expect(read({ venues: 'x'.repeat(61) })).toEqual({ problem: MSG.venueTooLong });
  });

  it('lays 8 teams of a single round robin over 4 days with 7 slots a day, and over 14 with the defaults', () => {
    const fixtures = league(8);
    const seven = schedule(fixtures, settingsOf('9:00, 11:00, 13:00, 15:00, 17:00, 19:00, 21:00'));
    expect(byDay(seven, istDay).map((day) => day.matches.length)).toEqual([7, 7, 7, 7]);
    expect(seven[0].startsAt).toBe('2030-03-01T03:30:00.000Z'); // 09:00 IST
    const defaults = schedule(fixtures, settingsOf('18:00, 20:00'));
    expect(byDay(defaults, istDay)).toHaveLength(14);
    expect(describeProblems(seven, 90, (id) => id, (iso) => iso)).toEqual([]);
  });

  it('applies moves, swaps and venues in order, skipping matches no longer there, and lists the clashes they make', () => {
    const fixtures = league(4);
    const laidOut = schedule(fixtures, settingsOf('18:00, 20:00'));
    const [first, second] = [...laidOut].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    const swapped = applyEdits(laidOut, [{ kind: 'swap', matchId: first.id, otherId: second.id }, { kind: 'venue', matchId: 'R9-M9', venue: 'x' }]);
    expect(swapped.find((m) => m.id === first.id)!.startsAt).toBe(second.startsAt);
    expect(swapped.find((m) => m.id === second.id)!.startsAt).toBe(first.startsAt);
    const clash = applyEdits(laidOut, [
      { kind: 'venue', matchId: first.id, venue: ' Main ground ' },
      { kind: 'venue', matchId: second.id, venue: 'Main ground' },
      { kind: 'move', matchId: second.id, startsAt: first.startsAt },
    ]);
    expect(clash.find((m) => m.id === first.id)!.venue).toBe('Main ground');
    const lines = describeProblems(clash, 90, (id) => id.toUpperCase(), () => 'Sat 18:00');
    expect(lines).toContainEqual({ blocking: true, text: MSG.calendarVenueTwice('Main ground', 'Sat 18:00') });
    expect(lines.every((line) => line.blocking)).toBe(true);
    expect(applyEdits(laidOut, [{ kind: 'venue', matchId: first.id, venue: '  ' }]).find((m) => m.id === first.id)).not.toHaveProperty('venue');
  });

  it('offers every slot from the first day to the day after the last match', () => {
    const settings = settingsOf('18:00, 20:00');
    const laidOut = schedule(league(4), settings);
    const times = slotTimes(settings, laidOut);
    expect(times[0]).toBe('2030-03-01T12:30:00.000Z');
    expect(times).toContain(laidOut.at(-1)!.startsAt);
    expect(times.length).toBe(2 * (byDay(laidOut, istDay).length + 1));
  });

  it('names a side by its team, or by what it waits for', () => {
    const final = planFormat({ kind: 'knockout' }, teams(3)).matches.find((m) => m.id === 'R2-M1')!;
    expect(sideName(final, 'home', (id) => id.toUpperCase())).toBe('T1');
    expect(sideName(final, 'away', (id) => id.toUpperCase())).toBe('Winner of R1-M2');
  });

  it('sends each fixture key with its time and venue', () => {
    const laidOut = schedule(planFormat({ kind: 'knockout' }, teams(3)).matches, settingsOf('18:00', { venues: 'Court 1' }));
    const at = (id: string) => laidOut.find((m) => m.id === id)!.startsAt;
    // The top seed's bye is no fixture.
    expect(scheduleBody(laidOut)).toEqual({ 'R1-M2': { startsAt: at('R1-M2'), venue: 'Court 1' }, 'R2-M1': { startsAt: at('R2-M1'), venue: 'Court 1' } });
  });
});
