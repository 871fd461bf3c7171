import { describe, expect, it } from 'vitest';
import type { GameEvent, Team } from '#shared/api.ts';
import { previewFixtures, previewTeams } from './bulk-preview.ts';
import { NOTHING_PASTED } from './pasted-lines.ts';

const team = (_id: string, teamName: string): Team => ({ _id, teamName, teamRank: null, members: [] });
const roster = [team('t1', 'Tapti'), team('t2', 'Narmada'), team('t3', 'Blue Lions')];
const match = (time: string, ids: [string, string]): GameEvent => ({
  _id: `e-${time}`,
  tournamentId: 'x',
  time,
  teams: ids.map((id) => roster.find((t) => t._id === id)!),
  isBetActive: true,
  winnerTeam: {},
});

describe('the paste preview of teams', () => {
  it('marks what is new, what the roster has (whatever the case) and the lines to fix', () => {
    const preview = previewTeams({ text: 'Kaveri: Asha, Ravi\nTAPTI: Meera\n\n: nobody\nKaveri', csvName: null }, roster);
    expect(preview.rows.map((row) => [row.lineNumber, row.title, row.detail, row.check])).toEqual([
      [1, 'Kaveri', 'Asha, Ravi', { kind: 'new' }],
      [2, 'TAPTI', 'Meera', { kind: 'there' }],
      [4, ': nobody', '', { kind: 'problem', problem: 'Team name is missing' }],
      [5, 'Kaveri', '', { kind: 'problem', problem: 'Same team as line 1' }],
    ]);
    expect(preview).toMatchObject({ toAdd: [{ teamName: 'Kaveri', members: ['Asha', 'Ravi'] }], already: 1, problems: 2 });
  });

  it('reads an uploaded file as CSV, a member a column', () => {
    const preview = previewTeams({ text: 'Team,Member\n"Yamuna, North",Dev,Ira\n', csvName: 'teams.csv' }, roster);
    expect(preview.toAdd).toEqual([{ teamName: 'Yamuna, North', members: ['Dev', 'Ira'] }]);
    expect(previewTeams(NOTHING_PASTED, roster).rows).toEqual([]);
  });
});

describe('the paste preview of fixtures', () => {
  it("reads times on the organiser's clock, sends the roster's ids, and marks a match scheduled already, either side at home", () => {
    const scheduled = [match('2030-03-01T13:00:00.000Z', ['t2', 't1'])];
    const text = '2030-03-01, 18:30, tapti, narmada\n2030-03-02, 6:30 pm, Blue Lions, Tapti, North Ground\n2030-03-02, 18:30, Tapti, Kaveri';
    const preview = previewFixtures({ text, csvName: null }, roster, scheduled, 'Asia/Kolkata');
    expect(preview.rows.map((row) => [row.lineNumber, row.title, row.detail, row.check.kind])).toEqual([
      [1, 'Tapti v Narmada', '1 Mar 2030, 18:30 IST', 'there'],
      [2, 'Blue Lions v Tapti', '2 Mar 2030, 18:30 IST · North Ground', 'new'],
      [3, '2030-03-02, 18:30, Tapti, Kaveri', '', 'problem'],
    ]);
    expect(preview.rows[2].check).toEqual({ kind: 'problem', problem: 'Unknown team "Kaveri"' });
    expect(preview.toAdd).toEqual([{ startsAt: '2030-03-02T13:00:00.000Z', homeTeamId: 't3', awayTeamId: 't1', venue: 'North Ground' }]);
    expect(preview).toMatchObject({ already: 1, problems: 1 });
  });

  it('places each time in the zone as it is on its date (summer time)', () => {
    const text = '2030-03-09, 10:00, Tapti, Narmada\n2030-03-11, 10:00, Tapti, Narmada';
    const { toAdd } = previewFixtures({ text, csvName: 'fixtures.csv' }, roster, [], 'America/New_York');
    expect(toAdd.map((fixture) => fixture.startsAt)).toEqual(['2030-03-09T15:00:00.000Z', '2030-03-11T14:00:00.000Z']);
  });
});
