// Generated formats and winners advancing (issue 21 §4-§6, §9): a league's 28 matches from 8 teams, a
// 12-team knockout's 11 matches with 4 byes seeded by rank, results carrying each winner into the next
// match (which opens for bets and tells the tournament's bettors), corrections re-filling or voiding and
// replacing the next match, the tournament's shape (stage, standings, bracket, champion), and refusals.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, BetHistoryItem, EventAuditEntry, GameEvent, NotificationGroup, TournamentShape } from '#shared/api.ts';
import { planFormat } from '#shared/format-plan.ts';
import { standings } from '#shared/standings.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createTeam, hoursFromNow, operatorClient } from './game-flows.ts';
import { tournamentBettorsRecorded, waitFor, waitUntilSettled, walletOf, WELCOME } from './settlement-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;
const HOUR_MS = 3_600_000;

describe('generated formats', () => {
  let operator: ApiClient;
  let organiser: User;
  const tag = randomUUID().slice(0, 6);

  beforeAll(async () => {
    operator = await operatorClient();
    organiser = await verifiedUser();
  });

  /** The operator's tournament with the organiser added (a creator may make only 5). */
  const newTournament = async (title: string) => {
    const made = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `${title} ${tag}` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await operator.post(`/admin/tournaments/${made.body.data._id}/organisers`, { email: organiser.email })).status).toBe(201);
    return made.body.data._id;
  };
  const addTeams = async (tournamentId: string, count: number): Promise<AdminTeam[]> => {
    const made = await organiser.client.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: Array.from({ length: count }, (_, i) => ({ teamName: `Hostel ${String.fromCharCode(65 + i)} ${tag}`, members: [`Player ${i + 1}`] })),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data.created;
  };
  /** Every match at its own hour from tomorrow, in key order (a knockout's rounds one after another). */
  const scheduleOf = (keys: string[]) => Object.fromEntries(keys.map((key, i) => [key, { startsAt: new Date(Date.now() + (24 + i) * HOUR_MS).toISOString() }]));
  const publish = (tournamentId: string, body: object, by: ApiClient = organiser.client) => by.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, body);
  const shapeOf = async (tournamentId: string) => {
    const res = await organiser.client.get<{ data: TournamentShape }>(`/game/tournament-shape?tournamentId=${tournamentId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const listed = async (tournamentId: string) => (await organiser.client.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournamentId}`)).body.data;
  const eventOf = async (eventId: string) => (await import('#functions/data/events.ts')).getEvent(eventId, true);

  it('publishes a single round robin of 8 teams as 28 matches over 7 matchdays, once however often it is sent', async () => {
    const tournamentId = await newTournament('League');
    const teams = await addTeams(tournamentId, 8);
    const seeded = teams.map((t) => t._id);
    const keys = planFormat({ kind: 'league', double: false }, seeded).matches.map((m) => m.id);
    const body = { format: { kind: 'league', double: false }, seededTeamIds: seeded, schedule: scheduleOf(keys) };
    const first = await publish(tournamentId, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.events).toHaveLength(28);
    expect(new Set(first.body.data.events.map((e) => e.stage))).toEqual(new Set(Array.from({ length: 7 }, (_, i) => `Matchday ${i + 1}`)));
    // Again (a double tap, a retry), even at once: the same 28, nothing more.
    const again = await Promise.all([publish(tournamentId, body), publish(tournamentId, body)]);
    expect(again.map((r) => r.status)).toEqual([201, 201]);
    expect(again[0].body.data.events.map((e) => e._id).sort()).toEqual(first.body.data.events.map((e) => e._id).sort());
    const games = await listed(tournamentId);
    expect(games).toHaveLength(28);
    expect(games[0].stage).toBe('Matchday 1');
    // Another format now: refused, and nothing written.
    const other = await publish(tournamentId, { ...body, format: { kind: 'league', double: true } });
    expect(other.body).toMatchObject({ statusCode: 409, message: MSG.formatAlreadyPublished });
    expect(await listed(tournamentId)).toHaveLength(28);

    // The table, the stage and what is next.
    const shape = await shapeOf(tournamentId);
    expect(shape).toMatchObject({ format: { kind: 'league', double: false }, stage: 'Matchday 1', champion: null, bracket: null });
    expect(shape.standings).toHaveLength(1);
    expect(shape.standings[0].rows).toHaveLength(8);
    expect(shape.next?.eventId).toBe(games[0]._id);
    const firstMatch = games[0];
    expect((await operator.post(`/admin/events/${firstMatch._id}/result`, { winnerTeamId: firstMatch.teams[1]._id })).status).toBe(202);
    const after = await shapeOf(tournamentId);
    const winnerRow = after.standings[0].rows.find((row) => row.team._id === firstMatch.teams[1]._id)!;
    // A tournament of no sport plays as 'other': 3 points a win.
    expect(winnerRow).toMatchObject({ played: 1, won: 1, lost: 0, points: 3, rank: 1 });
    expect(after.standings[0].rows.find((row) => row.team._id === firstMatch.teams[0]._id)).toMatchObject({ played: 1, won: 0, lost: 1, points: 0 });
  });

  it('refuses what it cannot publish: another tournament’s team, a missing or unknown match, a bad format, a stranger (nothing written)', async () => {
    const tournamentId = await newTournament('Refusals');
    const teams = await addTeams(tournamentId, 4);
    const seeded = teams.map((t) => t._id);
    const keys = planFormat({ kind: 'league', double: false }, seeded).matches.map((m) => m.id);
    const body = { format: { kind: 'league', double: false }, seededTeamIds: seeded, schedule: scheduleOf(keys) };
    const foreign = await createTeam(operator);
    expect((await publish(tournamentId, { ...body, seededTeamIds: [...seeded.slice(0, 3), foreign._id] })).body).toMatchObject({ statusCode: 400, message: MSG.formatTeamsInvalid });
    const missing = { ...body.schedule };
    delete missing[keys[0]];
    expect((await publish(tournamentId, { ...body, schedule: missing })).body).toMatchObject({ statusCode: 400, message: MSG.formatScheduleInvalid });
    expect((await publish(tournamentId, { ...body, schedule: { ...body.schedule, 'R9-M9': { startsAt: hoursFromNow(30) } } })).body).toMatchObject({ statusCode: 400, message: MSG.formatScheduleInvalid });
    expect((await publish(tournamentId, { ...body, format: { kind: 'groups-knockout', groups: 3, advancePerGroup: 1 } })).body).toMatchObject({ statusCode: 400 });
    expect((await publish(tournamentId, { ...body, format: { kind: 'swiss' } })).body).toMatchObject({ statusCode: 400, message: MSG.formatInvalid });
    expect((await publish(tournamentId, { ...body, seededTeamIds: [seeded[0], seeded[0]] })).body).toMatchObject({ statusCode: 400, message: MSG.formatTeamsInvalid });
    const stranger = await verifiedUser();
    expect((await publish(tournamentId, body, stranger.client)).status).toBe(403);
    expect(await listed(tournamentId)).toHaveLength(0);
    // After all that, the right request still publishes.
    expect((await publish(tournamentId, body)).status).toBe(201);
  });

  it('runs a 12-team knockout: 11 matches, byes to the top 4 seeds, every winner advancing and opening the next match, a champion', { timeout: 120_000 }, async () => {
    const tournamentId = await newTournament('Cup');
    const teams = await addTeams(tournamentId, 12);
    const seeded = teams.map((t) => t._id); // Hostel A is the top seed
    const keys = planFormat({ kind: 'knockout' }, seeded).matches.map((m) => m.id);
    expect(keys).toHaveLength(11);
    const published = await publish(tournamentId, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule: scheduleOf(keys) });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const events = published.body.data.events;
    expect(events).toHaveLength(11);
    // Round 1: the 8 lowest seeds play (seeds 5-12); the top 4 wait in the quarter-finals for their opponents.
    const open = events.filter((e) => e.teamIds.length === 2);
    expect(open).toHaveLength(4);
    expect(new Set(open.flatMap((e) => e.teamIds))).toEqual(new Set(seeded.slice(4)));
    const quarterFinals = events.filter((e) => e.stage === 'Quarter-finals');
    expect(quarterFinals).toHaveLength(4);
    for (const qf of quarterFinals) expect(qf).toMatchObject({ teamIds: [], isBetActive: false, awaiting: { away: expect.stringMatching(/^Winner of R1-M\d$/) } });
    expect(await listed(tournamentId)).toHaveLength(4); // students see the matches they can bet on
    let shape = await shapeOf(tournamentId);
    expect(shape.stage).toBe('Round of 16');
    expect(shape.bracket?.rounds.map((r) => r.matches.length)).toEqual([8, 4, 2, 1]);
    expect(shape.bracket?.rounds[0].matches.filter((m) => m.eventId === null)).toHaveLength(4); // the byes
    expect(shape.bracket?.rounds[1].matches.map((m) => ('team' in m.home ? m.home.team._id : null)).sort()).toEqual(seeded.slice(0, 4).sort());

    // A bettor of the tournament is told when a quarter-final opens.
    const bettor = await verifiedUser();
    const firstMatch = open[0];
    expect((await bettor.client.post('/bet/create-new', { eventId: firstMatch._id, teamId: firstMatch.teamIds[0], betWay: 'coin', amount: 100 })).status).toBe(201);
    await tournamentBettorsRecorded(tournamentId, [bettor.userId]);

    // The home side (the better seed) wins every match to the final.
    for (const round of ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final']) {
      const now = await Promise.all(events.filter((e) => e.stage === round).map((e) => eventOf(e._id)));
      for (const match of now) {
        expect(match?.teamIds, `${round} ${match?.bracket?.key} has both teams`).toHaveLength(2);
        expect(match?.isBetActive).toBe(true);
        const res = await organiser.client.post(`/admin/events/${match!.id}/result`, { winnerTeamId: match!.teamIds[0] });
        expect(res.status, JSON.stringify(res.body)).toBe(202);
      }
    }
    shape = await shapeOf(tournamentId);
    expect(shape.champion?._id).toBe(seeded[0]);
    expect(shape.stage).toBe('Finished');
    expect(shape.bracket?.rounds[3].matches[0].winnerTeamId).toBe(seeded[0]);

    // Told once per quarter-final opened, in the inbox (Web Push follows every stored notice).
    const subjects = async () =>
      ((await bettor.client.get<{ data: NotificationGroup[] }>('/user/notification-list')).body.data).flatMap((group) => group.notifications.map((n) => n.subject));
    const told = await waitFor(subjects, (list) => list.includes('Final: open for bets') && list.filter((subject) => subject === 'Quarter-finals: open for bets').length === 4);
    expect(told.filter((subject) => subject === 'Semi-finals: open for bets')).toHaveLength(2);
  });

  it('refuses a result for a match still waiting for its teams (409)', async () => {
    const tournamentId = await newTournament('Waiting');
    const teams = await addTeams(tournamentId, 4);
    const seeded = teams.map((t) => t._id);
    const { events } = (await publish(tournamentId, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule: scheduleOf(planFormat({ kind: 'knockout' }, seeded).matches.map((m) => m.id)) })).body.data;
    const final = events.find((e) => e.stage === 'Final')!;
    expect((await organiser.client.post(`/admin/events/${final._id}/result`, { void: true })).body).toMatchObject({ statusCode: 409, message: MSG.eventAwaitingTeams });

    // A bet on the final's known side, while it waits for the other: what it waits for, not that the team does not play in it.
    const semi = events.find((e) => e.stage === 'Semi-finals') as AdminEvent & { teamIds: [string, string] };
    expect((await organiser.client.post(`/admin/events/${semi._id}/result`, { winnerTeamId: semi.teamIds[0] })).status).toBe(202);
    const bettor = await verifiedUser();
    const bet = (teamId: string) => bettor.client.post('/bet/create-new', { eventId: final._id, teamId, betWay: 'coin', amount: 100 });
    await waitFor(() => eventOf(final._id), (e) => e?.homeTeamId === semi.teamIds[0] || e?.awayTeamId === semi.teamIds[0]);
    expect((await bet(semi.teamIds[0])).body).toMatchObject({ statusCode: 409, message: MSG.eventAwaitingOpponent });
    expect((await bet(semi.teamIds[1])).body).toMatchObject({ statusCode: 409, message: MSG.eventAwaitingTeams });
    expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME);
  });

  it('runs groups then a knockout: each group’s top two go on once the group is complete, and then its places stay', { timeout: 180_000 }, async () => {
    const tournamentId = await newTournament('Fest');
    const teams = await addTeams(tournamentId, 8);
    const seeded = teams.map((t) => t._id);
    const plan = planFormat({ kind: 'groups-knockout', groups: 2, advancePerGroup: 2 }, seeded);
    const keys = plan.matches.map((m) => m.id);
    const published = await publish(tournamentId, { format: { kind: 'groups-knockout', groups: 2, advancePerGroup: 2 }, seededTeamIds: seeded, schedule: scheduleOf(keys) });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const events = published.body.data.events;
    expect(events.filter((e) => e.stage?.startsWith('Group '))).toHaveLength(12);
    const semis = events.filter((e) => e.stage === 'Semi-finals');
    expect(semis.map((e) => e.awaiting)).toEqual([
      { home: 'Group A winner', away: 'Group B runner-up' },
      { home: 'Group B winner', away: 'Group A runner-up' },
    ]);
    expect((await shapeOf(tournamentId)).stage).toBe('Group stage · Matchday 1');

    // The home side wins every group match.
    const groupMatches = events.filter((e) => e.stage?.startsWith('Group ')) as (AdminEvent & { teamIds: [string, string] })[];
    for (const match of groupMatches) expect((await organiser.client.post(`/admin/events/${match._id}/result`, { winnerTeamId: match.teamIds[0] })).status).toBe(202);
    const filled = await waitFor(() => Promise.all(semis.map((e) => eventOf(e._id))), (list) => list.every((e) => e?.teamIds.length === 2));
    const shape = await shapeOf(tournamentId);
    const [tableA, tableB] = shape.standings;
    expect(filled.map((e) => e?.teamIds)).toEqual([
      [tableA.rows[0].team._id, tableB.rows[1].team._id],
      [tableB.rows[0].team._id, tableA.rows[1].team._id],
    ]);
    expect(filled.every((e) => e?.isBetActive)).toBe(true);
    expect(shape.stage).toBe('Semi-finals');

    // A correction of group A's match between its top two: refused if it would change who went on.
    const [first, second] = [tableA.rows[0].team, tableA.rows[1].team];
    const between = groupMatches.find((m) => m.teamIds.includes(first._id) && m.teamIds.includes(second._id))!;
    const loser = between.teamIds.find((id) => id !== between.teamIds[0])!;
    const results = groupMatches
      .filter((m) => plan.structure.groups![0].teamIds.includes(m.teamIds[0]))
      .map((m) => ({ home: m.teamIds[0], away: m.teamIds[1], winner: m._id === between._id ? loser : m.teamIds[0] }));
    const named = tableA.rows.map((row) => ({ id: row.team._id, name: row.team.teamName }));
    const after = standings(named, results).map((row) => row.teamId);
    const placesChange = after[0] !== first._id || after[1] !== second._id;
    await waitUntilSettled(between._id);
    const corrected = await organiser.client.post(`/admin/events/${between._id}/correct-result`, { winnerTeamId: loser });
    if (placesChange) expect(corrected.body).toMatchObject({ statusCode: 409, message: MSG.groupPlacesDecided });
    else expect(corrected.status).toBe(202);
  });

  describe('a correction that changes who went through', () => {
    /** A 4-team knockout: two semi-finals, then the final. */
    const semisAndFinal = async (title: string) => {
      const tournamentId = await newTournament(title);
      const teams = await addTeams(tournamentId, 4);
      const seeded = teams.map((t) => t._id);
      const { events } = (await publish(tournamentId, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule: scheduleOf(planFormat({ kind: 'knockout' }, seeded).matches.map((m) => m.id)) })).body.data;
      const [semi1, semi2] = events.filter((e) => e.stage === 'Semi-finals') as (AdminEvent & { teamIds: [string, string] })[];
      return { tournamentId, teams, semi1, semi2, final: events.find((e) => e.stage === 'Final')! };
    };
    const decide = async (eventId: string, winnerTeamId: string) => {
      const res = await organiser.client.post(`/admin/events/${eventId}/result`, { winnerTeamId });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      await waitUntilSettled(eventId);
    };
    const correct = (eventId: string, body: object) => organiser.client.post<{ data: { replacedNextEventId?: string } }>(`/admin/events/${eventId}/correct-result`, body);
    const historyOf = async (eventId: string) => (await organiser.client.get<{ data: EventAuditEntry[] }>(`/admin/events/${eventId}/audit`)).body.data;

    it('re-fills the next match while it still waits for its other side (no bets possible), and empties it for a void', async () => {
      const { semi1, final } = await semisAndFinal('Refill');
      await decide(semi1._id, semi1.teamIds[0]);
      const sides = async () => {
        const event = await eventOf(final._id);
        return { home: event?.homeTeamId, away: event?.awayTeamId };
      };
      expect(await sides()).toEqual({ home: semi1.teamIds[0], away: undefined });
      const corrected = await correct(semi1._id, { winnerTeamId: semi1.teamIds[1] });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(202);
      expect(corrected.body.data.replacedNextEventId).toBeUndefined();
      expect(await sides()).toEqual({ home: semi1.teamIds[1], away: undefined });
      await waitFor(() => eventOf(semi1._id), (e) => e?.settledGeneration === 1);
      expect((await correct(semi1._id, { void: true })).status).toBe(202);
      expect(await sides()).toEqual({ home: undefined, away: undefined });
    });

    it('refuses (409, nothing written) a correction whose match was read before another correction filled the next match', { timeout: 120_000 }, async () => {
      const [{ readvanceItems }, { outcomeOf }] = await Promise.all([import('#functions/settlement/advancing-on-result.ts'), import('#functions/data/events.ts')]);
      const { semi1, semi2, final } = await semisAndFinal('Stale');
      await decide(semi2._id, semi2.teamIds[0]);
      expect((await organiser.client.post(`/admin/events/${semi1._id}/result`, { void: true })).status).toBe(202);
      await waitUntilSettled(semi1._id);
      // A correction reads the semi-final (void: the final waits for its side)...
      const read = (await eventOf(semi1._id))!;
      // ...and another correction commits before it reads the final: the final now has both teams.
      expect((await correct(semi1._id, { winnerTeamId: semi1.teamIds[0] })).status).toBe(202);
      expect((await eventOf(final._id))?.teamIds).toHaveLength(2);
      const actor = { userId: organiser.userId, role: 'user' as const };
      await expect(readvanceItems(read, outcomeOf(read), { winnerTeamId: semi1.teamIds[1] }, actor, new Date())).rejects.toMatchObject({ code: 'correction-in-progress' });

      // The same race over HTTP: corrections sent at once each get 202 or 409, never a 5xx, and the bracket holds one final.
      await waitFor(() => eventOf(semi1._id), (e) => e?.settledGeneration === 1);
      const targets = [{ void: true }, { winnerTeamId: semi1.teamIds[1] }, { void: true }, { winnerTeamId: semi1.teamIds[1] }];
      const answers = await Promise.all(targets.map((body) => correct(semi1._id, body)));
      for (const answer of answers) expect([202, 409], JSON.stringify(answer.body)).toContain(answer.status);
      expect(answers.filter((a) => a.status === 202).length).toBeGreaterThanOrEqual(1);
      // The final the semi-final points at holds its winner as it stands (none for a void), and is not a replaced one.
      const now = (await eventOf(semi1._id))!;
      const link = now.bracket!.next!;
      const next = (await eventOf(link.eventId))!;
      expect(next.replacedBy).toBeUndefined();
      expect(link.side === 'home' ? next.homeTeamId : next.awayTeamId).toBe(now.winnerTeamId);
    });

    it('voids the next match once both its teams were known (refunding its bets), and puts a new one with the right teams in its place', { timeout: 120_000 }, async () => {
      const { tournamentId, teams, semi1, semi2, final } = await semisAndFinal('Replace');
      await decide(semi1._id, semi1.teamIds[0]);
      await decide(semi2._id, semi2.teamIds[0]);
      const opened = await eventOf(final._id);
      expect(opened).toMatchObject({ teamIds: [semi1.teamIds[0], semi2.teamIds[0]], isBetActive: true });
      const bettor = await verifiedUser();
      expect((await bettor.client.post('/bet/create-new', { eventId: final._id, teamId: semi1.teamIds[0], betWay: 'coin', amount: 300 })).status).toBe(201);
      expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME - 300);
      // A bettor of the tournament (recorded from the table stream) is told of the match that replaces the final.
      await tournamentBettorsRecorded(tournamentId, [bettor.userId]);

      const corrected = await correct(semi1._id, { winnerTeamId: semi1.teamIds[1] });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(202);
      const replacementOf = corrected.body.data.replacedNextEventId;
      expect(replacementOf).toBe(final._id);
      // The old final is void and its stake refunded, exactly once.
      await waitUntilSettled(final._id);
      expect(await eventOf(final._id)).toMatchObject({ isVoid: true });
      expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME);
      // The new final has the right teams, is open, and is the one listed and drawn.
      const replacedBy = (await eventOf(final._id))!.replacedBy!;
      expect(await eventOf(replacedBy)).toMatchObject({ teamIds: [semi1.teamIds[1], semi2.teamIds[0]], isBetActive: true, bracket: { replaces: final._id } });
      expect((await eventOf(semi1._id))?.bracket?.next?.eventId).toBe(replacedBy);
      expect((await eventOf(semi2._id))?.bracket?.next?.eventId).toBe(replacedBy);
      const games = await listed(tournamentId);
      expect(games.map((g) => g._id)).toContain(replacedBy);
      expect(games.map((g) => g._id)).not.toContain(final._id);
      expect((await shapeOf(tournamentId)).bracket?.rounds[1].matches[0].eventId).toBe(replacedBy);
      // Its bettor is told the match was replaced (not cancelled) and by which, and that the new one is open.
      const inbox = async () => (await bettor.client.get<{ data: NotificationGroup[] }>('/user/notification-list')).body.data.flatMap((group) => group.notifications);
      const told = await waitFor(inbox, (list) => list.some((n) => n.subject === 'Match replaced: stake refunded') && list.some((n) => n.subject === 'Final: open for bets'));
      const [newHome, newAway] = [semi1.teamIds[1], semi2.teamIds[0]].map((id) => teams.find((t) => t._id === id)!.teamName);
      expect(told.find((n) => n.subject === 'Match replaced: stake refunded')?.description).toBe(
        `An earlier result was corrected, so the match of your bet on ${teams.find((t) => t._id === semi1.teamIds[0])!.teamName} is played by other teams. Your 300 coins are back. It is replaced by Final (R2-M1): ${newHome} v ${newAway}, open for bets.`,
      );
      expect(told.find((n) => n.subject === 'Final: open for bets')?.description).toBe(`Final: ${newHome} vs ${newAway} is open for bets.`);
      // A result posted on the replaced final says so, and names the final in its place.
      const onReplaced = await organiser.client.post(`/admin/events/${final._id}/result`, { winnerTeamId: semi1.teamIds[0] });
      expect(onReplaced.body).toMatchObject({ statusCode: 409, message: MSG.eventReplaced(`the new Final (R2-M1): ${newHome} v ${newAway}`) });
      // The replaced final stays in its organisers' list, with its teams and the final played in its place,
      // and in its bettor's history, refunded, naming the same.
      const organisersList = (await organiser.client.get<{ data: AdminEvent[] }>(`/admin/tournaments/${tournamentId}/events`)).body.data;
      const [oldHome, oldAway] = [semi1.teamIds[0], semi2.teamIds[0]].map((id) => teams.find((t) => t._id === id)!.teamName);
      expect(organisersList.find((event) => event._id === final._id)).toMatchObject({
        isVoid: true,
        knownSides: { home: oldHome, away: oldAway },
        replacedBy: { eventId: replacedBy, description: `Final (R2-M1): ${newHome} v ${newAway}` },
      });
      expect(organisersList.find((event) => event._id === replacedBy)?.replacedBy).toBeUndefined();
      const history = (await bettor.client.get<{ data: BetHistoryItem[] }>('/bet/get-betlist')).body.data;
      expect(history).toEqual([expect.objectContaining({ _id: final._id, isRefunded: true, amount: 300, replacedBy: `Final (R2-M1): ${newHome} v ${newAway}` })]);
      // The audit trail says so on both.
      expect((await historyOf(final._id)).map((h) => h.action)).toContain('voided');
      expect((await historyOf(final._id)).find((h) => h.action === 'voided')?.detail).toMatch(/replaced by a new match/);
      expect((await historyOf(replacedBy)).find((h) => h.action === 'created')?.detail).toMatch(/replaces an earlier match/);

      // Once the new final has a result, the semi-final's winner can no longer change.
      await waitFor(() => eventOf(semi1._id), (e) => e?.settledGeneration === 1);
      await decide(replacedBy, semi2.teamIds[0]);
      expect((await correct(semi1._id, { winnerTeamId: semi1.teamIds[0] })).body).toMatchObject({ statusCode: 409, message: MSG.nextMatchDecided });
      expect((await shapeOf(tournamentId)).champion?._id).toBe(semi2.teamIds[0]);
    });
  });
});
