// Bulk entry (issue 21 §3): an organiser's pasted teams and fixtures are saved all or nothing, and
// pasting the same lines again (or twice at once) adds nothing; a fixture with an unknown team or
// another tournament's is refused with its number and nothing is written; others get 403, bad bodies 400.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, AdminTournament, BulkFixturesResult, BulkTeamsResult, EventAuditEntry, GameEvent } from '#shared/api.ts';
import { BULK_FIXTURES_MAX, BULK_TEAMS_MAX, TEAM_NAME_MAX_LENGTH, VENUE_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, operatorClient } from './game-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;
type BulkTeam = { teamName: string; members: string[] };
type BulkFixture = { startsAt: string; homeTeamId: string; awayTeamId: string; venue?: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** 10:00 UTC on the day `day` days from tomorrow, plus `hours`. */
const startsAt = (day: number, hours = 0) => {
  const tomorrow = new Date(Date.now() + DAY_MS);
  return new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate() + day, 10 + hours)).toISOString();
};

/** The hostels' 8 teams, with members. */
const eightTeams = (tag: string): BulkTeam[] =>
  ['Tapti', 'Narmada', 'Godavari', 'Kaveri', 'Yamuna', 'Ganga', 'Krishna', 'Mahanadi'].map((hostel, index) => ({
    teamName: `${hostel} ${tag}`,
    members: index === 7 ? [] : [`Asha ${index}`, `Ravi ${index}`, `Meera ${index}`],
  }));

/** Every pair of the teams once (a single round robin), `perDay` a day from tomorrow, an hour apart. */
const roundRobin = (teamIds: string[], perDay: number, venue?: (index: number) => string | undefined): BulkFixture[] => {
  const pairs = teamIds.flatMap((home, i) => teamIds.slice(i + 1).map((away) => [home, away] as const));
  return pairs.map(([homeTeamId, awayTeamId], index) => {
    const where = venue?.(index);
    return { startsAt: startsAt(Math.floor(index / perDay), index % perDay), homeTeamId, awayTeamId, ...(where && { venue: where }) };
  });
};

describe('bulk entry of teams and fixtures', () => {
  let operator: ApiClient;
  let organiser: User;
  const tag = randomUUID().slice(0, 6);

  /** A tournament the operator makes and the organiser runs (a creator may make only 5). */
  const newTournament = async (title = `Bulk Cup ${randomUUID().slice(0, 6)}`) => {
    const made = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const added = await operator.post(`/admin/tournaments/${made.body.data._id}/organisers`, { email: organiser.email });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return made.body.data._id;
  };
  const pasteTeams = (tournamentId: string, teams: unknown, by: ApiClient = organiser.client) =>
    by.post<{ data: BulkTeamsResult; message: string }>(`/admin/tournaments/${tournamentId}/teams/bulk`, { teams });
  const pasteFixtures = (tournamentId: string, body: object, by: ApiClient = organiser.client) =>
    by.post<{ data: BulkFixturesResult; message: string }>(`/admin/tournaments/${tournamentId}/fixtures`, body);
  const roster = async (tournamentId: string) => {
    const listed = await organiser.client.get<{ data: AdminTeam[] }>(`/admin/tournaments/${tournamentId}/teams`);
    expect(listed.status).toBe(200);
    return listed.body.data;
  };
  const matches = async (tournamentId: string) => {
    const listed = await organiser.client.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournamentId}`);
    expect(listed.status).toBe(200);
    return listed.body.data;
  };
  /** A tournament with the 8 teams pasted; their ids in the paste's order. */
  const tournamentWithTeams = async () => {
    const tournamentId = await newTournament();
    const pasted = await pasteTeams(tournamentId, eightTeams(tag));
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
    return { tournamentId, teamIds: pasted.body.data.created.map((team) => team._id) };
  };

  beforeAll(async () => {
    operator = await operatorClient();
    organiser = await verifiedUser();
  });

  describe('teams', () => {
    it('saves 8 pasted teams with their members, and the roster lists them', async () => {
      const tournamentId = await newTournament();
      const pasted = await pasteTeams(tournamentId, eightTeams(tag));
      expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
      expect(pasted.body.message).toBe(MSG.bulkTeamsAdded(8, 0));
      expect(pasted.body.message).toBe('8 teams added, 0 already there');
      expect(pasted.body.data.unchanged).toEqual([]);
      expect(pasted.body.data.created.map((team) => team.teamName)).toEqual(eightTeams(tag).map((team) => team.teamName));
      const listed = await roster(tournamentId);
      expect(listed.map((team) => team.teamName)).toEqual(eightTeams(tag).map((team) => team.teamName).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(listed.find((team) => team.teamName === `Tapti ${tag}`)).toMatchObject({ members: [{ name: 'Asha 0' }, { name: 'Ravi 0' }, { name: 'Meera 0' }], teamRank: null, trophy: 0 });
      expect(listed.find((team) => team.teamName === `Mahanadi ${tag}`)?.members).toEqual([]);
    });

    it('adds nothing when the same lines are pasted again, whatever their case and spacing, and only the new one beside them', async () => {
      const tournamentId = await newTournament();
      const first = (await pasteTeams(tournamentId, eightTeams(tag))).body.data.created;
      const again = await pasteTeams(tournamentId, eightTeams(tag));
      expect(again.status).toBe(201);
      expect(again.body.message).toBe('0 teams added, 8 already there');
      expect(again.body.data.created).toEqual([]);
      expect(again.body.data.unchanged.map((team) => team._id)).toEqual(first.map((team) => team._id));

      // A team made one by one counts too; and a changed member list leaves the team as it is.
      const single = await organiser.client.post<{ data: AdminTeam }>('/admin/teams', { teamName: `Sabarmati ${tag}`, members: [], tournamentId });
      expect(single.status).toBe(201);
      const mixed = await pasteTeams(tournamentId, [
        { teamName: `  TAPTI   ${tag} `, members: ['Someone else'] },
        { teamName: `sabarmati ${tag}`, members: [] },
        { teamName: `Tungabhadra ${tag}`, members: ['Dev'] },
      ]);
      expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
      expect(mixed.body.message).toBe('1 team added, 2 already there');
      expect(mixed.body.data.created.map((team) => team.teamName)).toEqual([`Tungabhadra ${tag}`]);
      expect(mixed.body.data.unchanged.map((team) => team._id)).toEqual([first[0]._id, single.body.data._id]);
      const listed = await roster(tournamentId);
      expect(listed).toHaveLength(10);
      expect(listed.find((team) => team._id === first[0]._id)?.members.map((member) => member.name)).toEqual(['Asha 0', 'Ravi 0', 'Meera 0']);
    });

    it('makes each team once when the same paste is sent twice at once', async () => {
      for (let round = 0; round < 3; round++) {
        const tournamentId = await newTournament();
        const answers = await Promise.all([pasteTeams(tournamentId, eightTeams(tag)), pasteTeams(tournamentId, eightTeams(tag))]);
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        // Together they made the 8 teams once; each answers all 8, made or found.
        expect(answers.flatMap((answer) => answer.body.data.created).length).toBe(8);
        for (const answer of answers) expect(answer.body.data.created.length + answer.body.data.unchanged.length).toBe(8);
        const listed = await roster(tournamentId);
        expect(listed).toHaveLength(8);
        expect(new Set(listed.map((team) => team._id)).size).toBe(8);
      }
    });
  });

  describe('fixtures', () => {
    it('saves 28 fixtures of a round robin, with venues, open for bets, each with its audit entry, and the teams are then in matches', async () => {
      const { tournamentId, teamIds } = await tournamentWithTeams();
      const fixtures = roundRobin(teamIds, 7, (index) => (index % 2 === 0 ? `Ground ${(index % 4) + 1}, North Campus` : undefined));
      expect(fixtures).toHaveLength(28);
      const saved = await pasteFixtures(tournamentId, { fixtures });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.message).toBe('28 matches added, 0 already there');
      expect(saved.body.data.unchanged).toBe(0);
      expect(saved.body.data.created).toHaveLength(28);
      expect(saved.body.data.created[0]).toMatchObject({ tournamentId, time: fixtures[0].startsAt, teamIds: [teamIds[0], teamIds[1]], isBetActive: true, venue: 'Ground 1, North Campus' });
      expect('venue' in saved.body.data.created[1]).toBe(false);

      const listed = await matches(tournamentId);
      expect(listed).toHaveLength(28);
      expect(listed.map((event) => event.time)).toEqual(fixtures.map((fixture) => fixture.startsAt).sort());
      const byTeams = new Map(listed.map((event) => [`${event.time} ${event.teams.map((team) => team._id).join(' ')}`, event]));
      for (const fixture of fixtures) {
        const event = byTeams.get(`${fixture.startsAt} ${fixture.homeTeamId} ${fixture.awayTeamId}`);
        expect(event, JSON.stringify(fixture)).toBeDefined();
        expect(event?.isBetActive).toBe(true);
        expect(event?.venue).toBe(fixture.venue);
      }
      const history = await organiser.client.get<{ data: EventAuditEntry[] }>(`/admin/events/${saved.body.data.created[5]._id}/audit`);
      expect(history.body.data).toEqual([expect.objectContaining({ action: 'created', actorId: organiser.userId, detail: `starts ${fixtures[5].startsAt}` })]);
      // Every team now plays: none can be removed.
      const removal = await organiser.client.delete(`/admin/teams/${teamIds[3]}`);
      expect(removal.body).toMatchObject({ statusCode: 409, message: MSG.teamInMatch });
    });

    it('adds nothing when the same fixtures are pasted again, a match with its sides swapped included, or twice at once', async () => {
      const { tournamentId, teamIds } = await tournamentWithTeams();
      const fixtures = roundRobin(teamIds, 7);
      expect((await pasteFixtures(tournamentId, { fixtures })).status).toBe(201);
      const again = await pasteFixtures(tournamentId, { fixtures: fixtures.map((fixture, index) => (index % 3 === 0 ? { ...fixture, homeTeamId: fixture.awayTeamId, awayTeamId: fixture.homeTeamId } : fixture)) });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body).toMatchObject({ data: { created: [], unchanged: 28 }, message: '0 matches added, 28 already there' });
      // One new match beside the old ones: only it is added.
      const extra = { startsAt: startsAt(9), homeTeamId: teamIds[0], awayTeamId: teamIds[1] };
      const more = await pasteFixtures(tournamentId, { fixtures: [...fixtures.slice(0, 3), extra] });
      expect(more.body).toMatchObject({ data: { unchanged: 3 }, message: '1 match added, 3 already there' });
      expect(more.body.data.created.map((event) => event.time)).toEqual([extra.startsAt]);
      expect(await matches(tournamentId)).toHaveLength(29);

      const twin = await tournamentWithTeams();
      const twinFixtures = roundRobin(twin.teamIds, 7);
      const answers = await Promise.all([pasteFixtures(twin.tournamentId, { fixtures: twinFixtures }), pasteFixtures(twin.tournamentId, { fixtures: twinFixtures })]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answers.reduce((sum, answer) => sum + answer.body.data.created.length, 0)).toBe(28);
      for (const answer of answers) expect(answer.body.data.created.length + answer.body.data.unchanged).toBe(28);
      const listed = await matches(twin.tournamentId);
      expect(listed).toHaveLength(28);
      expect(new Set(listed.map((event) => event._id)).size).toBe(28);
    });

    it(`saves ${BULK_FIXTURES_MAX} fixtures at once, more than one transaction holds, paused when asked`, async () => {
      const tournamentId = await newTournament();
      const teams = Array.from({ length: 16 }, (_, index) => ({ teamName: `Team ${index + 1} ${tag}`, members: [] }));
      const teamIds = (await pasteTeams(tournamentId, teams)).body.data.created.map((team) => team._id);
      const fixtures = roundRobin(teamIds, 10).slice(0, BULK_FIXTURES_MAX);
      const saved = await pasteFixtures(tournamentId, { fixtures, openBetting: false });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data.created).toHaveLength(BULK_FIXTURES_MAX);
      const listed = await matches(tournamentId);
      expect(listed).toHaveLength(BULK_FIXTURES_MAX);
      expect(listed.every((event) => !event.isBetActive)).toBe(true);
      const history = await organiser.client.get<{ data: EventAuditEntry[] }>(`/admin/events/${saved.body.data.created[99]._id}/audit`);
      expect(history.body.data).toEqual([expect.objectContaining({ action: 'created', detail: `starts ${fixtures[99].startsAt}, betting paused` })]);
    });

    it("refuses a fixture with an unknown team or another tournament's, naming it, and writes nothing", async () => {
      const { tournamentId, teamIds } = await tournamentWithTeams();
      const other = await createEvent(operator);
      const fixtures = roundRobin(teamIds, 7).slice(0, 5);
      const unknown = await pasteFixtures(tournamentId, { fixtures: fixtures.map((fixture, index) => (index === 3 ? { ...fixture, awayTeamId: randomUUID() } : fixture)) });
      expect(unknown.body).toEqual({ statusCode: 404, message: `Fixture 4: ${MSG.teamNotFound}`, success: false });
      const theirs = await pasteFixtures(tournamentId, { fixtures: fixtures.map((fixture, index) => (index === 1 ? { ...fixture, homeTeamId: other.teams[0]._id } : fixture)) });
      expect(theirs.body).toEqual({ statusCode: 400, message: `Fixture 2: ${MSG.teamNotInTournament}`, success: false });
      // An operator's shared team is not one of the tournament's either.
      const sharedTeam = (await operator.post<{ data: AdminTeam }>('/admin/teams', { teamName: `Shared ${tag}`, members: [] })).body.data;
      const shared = await pasteFixtures(tournamentId, { fixtures: [...fixtures, { ...fixtures[0], startsAt: startsAt(20), awayTeamId: sharedTeam._id }] }, operator);
      expect(shared.body).toMatchObject({ statusCode: 400, message: `Fixture 6: ${MSG.teamNotInTournament}` });
      expect(await matches(tournamentId)).toEqual([]);
      // No team was counted in a match: each can still be removed.
      expect((await organiser.client.delete(`/admin/teams/${teamIds[0]}`)).status).toBe(200);
      // Nor did the other tournament's team move.
      expect((await matches(other.tournamentId)).map((event) => event._id)).toEqual([other.event._id]);
    });
  });

  describe('who may and what is refused', () => {
    it("answers 403 to another tournament's organiser and to a user without any role, and 404 for no such tournament", async () => {
      const { tournamentId, teamIds } = await tournamentWithTeams();
      const otherOrganiser = await verifiedUser();
      expect((await operator.put(`/admin/users/${otherOrganiser.userId}/tournament-creator`, { allowed: true })).status).toBe(200);
      expect((await otherOrganiser.client.post('/admin/tournaments', { title: `Their Cup ${tag}` })).status).toBe(201);
      const student = await verifiedUser();
      const fixtures = roundRobin(teamIds, 7).slice(0, 2);
      for (const outsider of [otherOrganiser.client, student.client]) {
        expect((await pasteTeams(tournamentId, [{ teamName: `Intruders ${tag}`, members: [] }], outsider)).body).toEqual({ statusCode: 403, message: MSG.forbidden, success: false });
        expect((await pasteFixtures(tournamentId, { fixtures }, outsider)).body).toEqual({ statusCode: 403, message: MSG.forbidden, success: false });
      }
      expect((await roster(tournamentId)).map((team) => team.teamName)).not.toContain(`Intruders ${tag}`);
      expect(await matches(tournamentId)).toEqual([]);
      // The operator may; a tournament that does not exist is 404 to them, 403 to an organiser.
      expect((await pasteTeams(tournamentId, [{ teamName: `Operators ${tag}`, members: [] }], operator)).status).toBe(201);
      expect((await pasteTeams(randomUUID(), [{ teamName: `Nowhere ${tag}`, members: [] }], operator)).body).toMatchObject({ statusCode: 404, message: MSG.tournamentNotFound });
      expect((await pasteTeams(randomUUID(), [{ teamName: `Nowhere ${tag}`, members: [] }])).status).toBe(403);
    });

    it('refuses bad bodies with a 400 naming the team or fixture, and writes nothing', async () => {
      const { tournamentId, teamIds } = await tournamentWithTeams();
      const team = (teamName: string, members: unknown = []) => ({ teamName, members });
      const teamCases: [unknown, string][] = [
        [[], MSG.bulkTeamsInvalid],
        ['Tigers', MSG.bulkTeamsInvalid],
        [Array.from({ length: BULK_TEAMS_MAX + 1 }, (_, index) => team(`T${index}`)), MSG.bulkTeamsInvalid],
        [[team(`Tigers ${tag}`), team(`  tigers   ${tag.toUpperCase()}`)], `Team 2: ${MSG.bulkTeamRepeated(1)}`],
        [[team('Lions'), team('Eagles'), team('x'.repeat(TEAM_NAME_MAX_LENGTH + 1))], `Team 3: ${MSG.teamNameTooLong}`],
        [[team('Lions'), team('   ')], `Team 2: ${MSG.teamNameRequired}`],
        [[team('Lions', ['Asha', '\u202Eevil'])], `Team 1: ${MSG.textInvalidCharacters}`],
        [[team('Lions', [{ name: 'Asha' }])], `Team 1: ${MSG.memberNameRequired}`],
        [[team('Lions', 'Asha, Ravi')], `Team 1: ${MSG.membersInvalid}`],
        [[{ members: [] }], `Team 1: ${MSG.teamNameRequired}`],
      ];
      for (const [teams, message] of teamCases) {
        expect((await pasteTeams(tournamentId, teams)).body, JSON.stringify(teams).slice(0, 80)).toEqual({ statusCode: 400, message, success: false });
      }
      expect(await roster(tournamentId)).toHaveLength(8);

      const [home, away] = teamIds;
      const fixture = (overrides: object = {}) => ({ startsAt: startsAt(1), homeTeamId: home, awayTeamId: away, ...overrides });
      const fixtureCases: [object, string][] = [
        [{ fixtures: [] }, MSG.bulkFixturesInvalid],
        [{}, MSG.bulkFixturesInvalid],
        [{ fixtures: Array.from({ length: BULK_FIXTURES_MAX + 1 }, (_, index) => fixture({ startsAt: startsAt(index) })) }, MSG.bulkFixturesInvalid],
        [{ fixtures: [fixture(), fixture({ startsAt: '2030-03-01 18:30' })] }, `Fixture 2: ${MSG.eventTimeInvalid}`],
        [{ fixtures: [fixture({ startsAt: '2030-03-01T18:30:00' })] }, `Fixture 1: ${MSG.eventTimeInvalid}`],
        [{ fixtures: [fixture({ awayTeamId: home })] }, `Fixture 1: ${MSG.teamIdsInvalid}`],
        [{ fixtures: [fixture({ homeTeamId: 'Tigers' })] }, `Fixture 1: ${MSG.invalidId}`],
        [{ fixtures: [fixture(), fixture({ startsAt: startsAt(2), venue: 'v'.repeat(VENUE_MAX_LENGTH + 1) })] }, `Fixture 2: ${MSG.venueTooLong}`],
        [{ fixtures: [fixture({ venue: 'Ground\u00071' })] }, `Fixture 1: ${MSG.textInvalidCharacters}`],
        [{ fixtures: [fixture(), fixture({ homeTeamId: away, awayTeamId: home })] }, `Fixture 2: ${MSG.bulkFixtureRepeated(1)}`],
        [{ fixtures: [fixture()], openBetting: 'yes' }, MSG.openBettingInvalid],
      ];
      for (const [body, message] of fixtureCases) {
        expect((await pasteFixtures(tournamentId, body)).body, JSON.stringify(body).slice(0, 80)).toEqual({ statusCode: 400, message, success: false });
      }
      expect(await matches(tournamentId)).toEqual([]);
    });
  });
});
