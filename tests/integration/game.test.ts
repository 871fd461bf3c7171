// The public game calls: tournament list, event list and both leaderboards.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPCOMING_EVENTS_PAGE_SIZE } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { GameEvent, Tournament, TournamentShape } from '#shared/api.ts';
import { upcomingEventCursor } from '#shared/cursors.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { createEvent, createTournament, domainModules, hoursFromNow, operatorClient } from './game-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const anonymous = () => newClient();

describe('tournament-list', () => {
  it('counts unfinished events, those being played among them, and names the soonest one that has not started', async () => {
    const tournament = await createTournament(operator);
    const soonest = hoursFromNow(3);
    await createEvent(operator, { tournamentId: tournament._id, time: hoursFromNow(-1) });
    await createEvent(operator, { tournamentId: tournament._id, time: hoursFromNow(30) });
    await createEvent(operator, { tournamentId: tournament._id, time: soonest, isBetActive: false });

    const list = await anonymous().get('/game/tournament-list');
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual({
      _id: tournament._id,
      title: tournament.title,
      previewImg: '/demo/cricket.svg',
      eventCount: 3,
      liveEventCount: 1,
      decidedEventCount: 0,
      soonestEventTime: soonest,
      sport: 'other',
      confirmAfterMinutes: 10,
    });
  });

  it('lists what can still be bet on first, soonest first, then matches in play, then finished or empty tournaments', async () => {
    const [later, sooner, inPlay, finished, empty] = await Promise.all([1, 2, 3, 4, 5].map(() => createTournament(operator)));
    await createEvent(operator, { tournamentId: later._id, time: hoursFromNow(9) });
    await createEvent(operator, { tournamentId: sooner._id, time: hoursFromNow(0.5) });
    await createEvent(operator, { tournamentId: inPlay._id, time: hoursFromNow(-1) });
    const { event: decided } = await createEvent(operator, { tournamentId: finished._id, time: hoursFromNow(-2) });
    expect((await operator.post(`/admin/events/${decided._id}/result`, { void: true })).status).toBe(202);

    const list = (await anonymous().get('/game/tournament-list')).body.data as { _id: string; eventCount: number; decidedEventCount: number; soonestEventTime: string | null }[];
    const place = (id: string) => list.findIndex((t) => t._id === id);
    expect(place(sooner._id)).toBeLessThan(place(later._id));
    expect(place(later._id)).toBeLessThan(place(inPlay._id));
    expect(place(inPlay._id)).toBeLessThan(place(finished._id));
    expect(list[place(finished._id)]).toMatchObject({ eventCount: 0, decidedEventCount: 1, soonestEventTime: null });
    expect(list[place(empty._id)]).toMatchObject({ eventCount: 0, decidedEventCount: 0, soonestEventTime: null });
    // Whatever other tests left: no tournament with nothing upcoming comes before one with something.
    const rank = (t: (typeof list)[number]) => (t.soonestEventTime ? 0 : t.eventCount > 0 ? 1 : 2);
    expect(list.every((t, i) => i === 0 || rank(list[i - 1]) <= rank(t))).toBe(true);
  });

  it('answers null as the soonest time of a tournament without events', async () => {
    const tournament = await createTournament(operator);
    const list = await anonymous().get('/game/tournament-list');
    expect(list.body.data).toContainEqual(expect.objectContaining({ _id: tournament._id, eventCount: 0, soonestEventTime: null }));
  });
});

describe('event-list', () => {
  it('lists events soonest first with their teams, betting state and no winner yet', async () => {
    const tournament = await createTournament(operator);
    const later = await createEvent(operator, { tournamentId: tournament._id, time: hoursFromNow(5) });
    const paused = await createEvent(operator, { tournamentId: tournament._id, time: hoursFromNow(4), isBetActive: false });
    const started = await createEvent(operator, { tournamentId: tournament._id, time: hoursFromNow(-1) });

    const list = await anonymous().get(`/game/event-list?tournamentId=${tournament._id}`);
    expect(list.status).toBe(200);
    const teamView = ({ _id, teamName, teamRank, members }: (typeof later.teams)[number]) => ({ _id, teamName, teamRank, members });
    expect(list.body.data).toEqual([
      { _id: started.event._id, tournamentId: tournament._id, time: started.event.time, teams: started.teams.map(teamView), isBetActive: false, winnerTeam: {} },
      { _id: paused.event._id, tournamentId: tournament._id, time: paused.event.time, teams: paused.teams.map(teamView), isBetActive: false, winnerTeam: {} },
      { _id: later.event._id, tournamentId: tournament._id, time: later.event.time, teams: later.teams.map(teamView), isBetActive: true, winnerTeam: {} },
    ]);
  });

  it('answers 400 for a malformed tournament id or cursor and an empty list for an unknown tournament', async () => {
    expect((await anonymous().get('/game/event-list?tournamentId=42')).body).toEqual({ statusCode: 400, message: MSG.invalidId, success: false });
    expect((await anonymous().get('/game/event-list?after=yesterday')).body).toEqual({ statusCode: 400, message: MSG.invalidRequest, success: false });
    expect((await anonymous().get(`/game/event-list?tournamentId=${randomUUID()}`)).body.data).toEqual([]);
  });

  it('with no tournament lists the upcoming matches of every tournament, soonest first, a page at a time', async () => {
    const [cup, league] = await Promise.all([createTournament(operator), createTournament(operator)]);
    const third = await createEvent(operator, { tournamentId: cup._id, time: hoursFromNow(7) });
    const first = await createEvent(operator, { tournamentId: league._id, time: hoursFromNow(6) });
    const paused = await createEvent(operator, { tournamentId: cup._id, time: hoursFromNow(6.5), isBetActive: false });
    const started = await createEvent(operator, { tournamentId: league._id, time: hoursFromNow(-1) });
    const decided = await createEvent(operator, { tournamentId: cup._id, time: hoursFromNow(8) });
    expect((await operator.post(`/admin/events/${decided.event._id}/result`, { winnerTeamId: decided.teams[0]._id })).status).toBe(202);

    // Every page, following the cursor of each page's last match, until a short page.
    const all: { _id: string; time: string; tournamentId: string; isBetActive: boolean }[] = [];
    for (let after = ''; ; ) {
      const page = await anonymous().get(`/game/event-list${after && `?after=${encodeURIComponent(after)}`}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(UPCOMING_EVENTS_PAGE_SIZE);
      all.push(...page.body.data);
      if (page.body.data.length < UPCOMING_EVENTS_PAGE_SIZE) break;
      after = upcomingEventCursor(page.body.data.at(-1));
    }
    const cursors = all.map(upcomingEventCursor);
    expect(cursors).toEqual([...cursors].sort());
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(all.every((event) => Date.parse(event.time) > Date.now() - 60_000)).toBe(true);
    const mine = all.filter((event) => [cup._id, league._id].includes(event.tournamentId)).map((event) => [event._id, event.isBetActive]);
    expect(mine).toEqual([
      [first.event._id, true],
      [paused.event._id, false],
      [third.event._id, true],
    ]);
    expect(all.some((event) => event._id === started.event._id || event._id === decided.event._id)).toBe(false);
  });
});

const isMostTrophiesFirst = (rows: { trophy: number }[]) => rows.every((row, i) => i === 0 || rows[i - 1].trophy >= row.trophy);

describe('leaderboards', () => {
  it("team leaderboard: rows of name and trophy, most trophies first, a tournament's team also naming its tournament", async () => {
    await createEvent(operator);
    const board = await anonymous().get('/game/team-leaderboard');
    expect(board.status).toBe(200);
    expect(board.body.data.length).toBeGreaterThan(0);
    for (const row of board.body.data) {
      const { name, trophy, tournamentTitle, ...rest } = row as { name: unknown; trophy: unknown; tournamentTitle?: unknown };
      expect([typeof name, typeof trophy, rest]).toEqual(['string', 'number', {}]);
      if (tournamentTitle !== undefined) expect(typeof tournamentTitle).toBe('string');
    }
    expect(isMostTrophiesFirst(board.body.data)).toBe(true);
  });

  it('team leaderboard: two teams of one name, of two tournaments, are told apart by their tournaments', async () => {
    const name = `Kaveri Hostel ${randomUUID().slice(0, 6)}`;
    const [football, cricket] = [await createTournament(operator, `Inter-hostel Football ${randomUUID().slice(0, 6)}`), await createTournament(operator, `Inter-hostel Cricket ${randomUUID().slice(0, 6)}`)];
    const teamIn = async (tournamentId: string) => {
      const made = await operator.post('/admin/teams', { teamName: name, teamRank: 1, members: [{ name: 'Asha' }], tournamentId });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.data as { _id: string };
    };
    const [footballTeam, cricketTeam] = [await teamIn(football._id), await teamIn(cricket._id)];
    // Trophies as settlement awards them (one a match won): enough to be on the board above the run's other teams.
    const { dynamodb } = await domainModules();
    const teams = await import('#functions/data/teams.ts');
    for (const [teamId, count] of [[footballTeam._id, 7], [cricketTeam._id, 6]] as const) {
      for (let trophy = 0; trophy < count; trophy++) await dynamodb.transactWrite([teams.awardTrophyItem(teamId, trophy)]);
    }

    const board = (await anonymous().get('/game/team-leaderboard')).body.data as { name: string; trophy: number; tournamentTitle?: string }[];
    expect(board.filter((row) => row.name === name)).toEqual([
      { name, trophy: 7, tournamentTitle: football.title },
      { name, trophy: 6, tournamentTitle: cricket.title },
    ]);
    // A team shared by every tournament (an operator's) names none.
    const { teams: shared } = await createEvent(operator);
    for (let trophy = 0; trophy < 8; trophy++) await dynamodb.transactWrite([teams.awardTrophyItem(shared[0]._id, trophy)]);
    const after = (await anonymous().get('/game/team-leaderboard')).body.data as { name: string; trophy: number; tournamentTitle?: string }[];
    expect(after.find((row) => row.name === shared[0].teamName)).toEqual({ name: shared[0].teamName, trophy: 8 });
  });

  it('bettor leaderboard: user names by trophies won, from the profile counts', async () => {
    const { users, dynamodb } = await domainModules();
    const champion = await verifiedUser();
    const runnerUp = await verifiedUser();
    const names = { champion: `Champ ${randomUUID().slice(0, 6)}`, runnerUp: `Runner ${randomUUID().slice(0, 6)}` };
    await champion.client.patch('/user/update-user', { userName: names.champion });
    await runnerUp.client.patch('/user/update-user', { userName: names.runnerUp });
    const award = async (userId: string, count: number) => {
      for (let trophy = 0; trophy < count; trophy++) await dynamodb.transactWrite([users.awardTrophyItem(userId, trophy)]);
    };
    await award(champion.userId, 3);
    await award(runnerUp.userId, 2);

    const board = (await anonymous().get('/game/bettor-leaderboard')).body.data as { name: string; trophy: number }[];
    expect(isMostTrophiesFirst(board)).toBe(true);
    const rank = (name: string) => board.findIndex((row) => row.name === name);
    expect(board[rank(names.champion)]).toEqual({ name: names.champion, trophy: 3 });
    expect(board[rank(names.runnerUp)]).toEqual({ name: names.runnerUp, trophy: 2 });
    expect(rank(names.champion)).toBeLessThan(rank(names.runnerUp));
    expect((await champion.client.get('/user/current-user')).body.data.trophy).toBe(3);
  });
});

describe('demo data', () => {
  it('seeds two tournaments once, with open, paused and finished events and the winners\' trophies', async () => {
    const { demoSeed } = await domainModules();
    await demoSeed.seedDemoData(); // the local start may have seeded already
    expect(await demoSeed.seedDemoData()).toBe(false);

    const tournaments = (await anonymous().get('/game/tournament-list')).body.data as { _id: string; title: string }[];
    const cricket = tournaments.find((t) => t.title === 'Hostel Premier League');
    expect(cricket).toMatchObject({ previewImg: '/demo/cricket.svg', eventCount: 3 });
    expect(tournaments.find((t) => t.title === 'Inter-Hostel Football Cup')).toBeDefined();

    const events = (await anonymous().get(`/game/event-list?tournamentId=${cricket!._id}`)).body.data;
    expect(events.map((e: { isBetActive: boolean }) => e.isBetActive)).toEqual([false, true, true, false]);
    expect(events[0].winnerTeam).toMatchObject({ teamName: 'Nilgiri Knights', members: expect.arrayContaining([{ name: 'Ishaan Rao' }]) });
    expect(events[3].winnerTeam).toEqual({});

    const board = (await anonymous().get('/game/team-leaderboard')).body.data;
    // Other tests' settlements also make one-trophy teams, so check the demo winners' rows, not their places.
    expect(board).toContainEqual({ name: 'Ganga United', trophy: 1 });
    expect(board).toContainEqual({ name: 'Nilgiri Knights', trophy: 1 });
    expect(isMostTrophiesFirst(board)).toBe(true);
  });

  it('shows the match day at work: a football league mid-season with draws in its table and a live score, a knockout mid-bracket with byes, winners through, a semi-final open and one live', async () => {
    const tournaments = (await anonymous().get('/game/tournament-list')).body.data as Tournament[];
    const league = tournaments.find((t) => t.title === 'Hostel Football League')!;
    const cup = tournaments.find((t) => t.title === 'Inter-Hostel Basketball Knockout')!;
    expect(league).toMatchObject({ sport: 'football', formatKind: 'league', decidedEventCount: 6, liveEventCount: 1 });
    expect(cup).toMatchObject({ sport: 'basketball', formatKind: 'knockout', decidedEventCount: 2, liveEventCount: 1 });

    const table = ((await anonymous().get(`/game/tournament-shape?tournamentId=${league._id}`)).body.data as TournamentShape).standings[0].rows;
    expect(table.reduce((sum, row) => sum + row.drawn, 0)).toBe(4); // two draws, counted for both sides
    expect(table.reduce((sum, row) => sum + row.played, 0)).toBe(12);
    const leagueMatches = (await anonymous().get(`/game/event-list?tournamentId=${league._id}`)).body.data as GameEvent[];
    expect(leagueMatches.filter((match) => match.liveScore)).toHaveLength(1);
    expect(leagueMatches.filter((match) => match.result?.kind === 'draw').map((match) => match.result?.score)).toEqual([{ home: 1, away: 1 }, { home: 0, away: 0 }]);

    const bracket = ((await anonymous().get(`/game/tournament-shape?tournamentId=${cup._id}`)).body.data as TournamentShape).bracket!;
    const semis = bracket.rounds[1].matches;
    expect(semis.every((match) => 'team' in match.home && 'team' in match.away)).toBe(true);
    expect(semis.map((match) => [match.isBetActive, match.liveScore ?? null])).toEqual([
      [true, null],
      [false, { home: 21, away: 18 }],
    ]);
    expect(bracket.rounds[0].matches.filter((match) => 'bye' in match.away)).toHaveLength(2);
  });
});
