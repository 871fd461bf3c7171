// Results with scores (docs/architecture.md, "Results and scores"): a draw in a football league returns
// the stakes and counts in the table, a walkover and an abandoned match return them too, a knockout match
// cannot end drawn, a result that does not fit its sport is a 400 with the reason and writes nothing, a
// live score closes betting and reaches the lists, a postponement keeps the bets and tells the bettors,
// and a correction of the score alone leaves every coin where it was.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, GameEvent, NotificationGroup, TournamentShape } from '#shared/api.ts';
import { WIN_MULTIPLIER } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { planFormat } from '#shared/format-plan.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { hoursFromNow, operatorClient } from './game-flows.ts';
import { placeBets, settlementModules, waitFor, waitUntilSettled, walletOf, WELCOME } from './settlement-flows.ts';

const STAKE = 100;

async function tournamentWith(operator: ApiClient, sport: string, teamCount: number, extra: object = {}) {
  const tag = randomUUID().slice(0, 6);
  const made = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `${sport} ${tag}`, sport, ...extra });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const teams = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${made.body.data._id}/teams/bulk`, {
    teams: Array.from({ length: teamCount }, (_, i) => ({ teamName: `${sport} side ${i + 1} ${tag}`, members: [] })),
  });
  expect(teams.status, JSON.stringify(teams.body)).toBe(201);
  return { tournament: made.body.data, teams: teams.body.data.created };
}

async function match(operator: ApiClient, tournamentId: string, home: AdminTeam, away: AdminTeam, hours = 2): Promise<AdminEvent> {
  const made = await operator.post<{ data: AdminEvent }>('/admin/events', { tournamentId, time: hoursFromNow(hours), teamIds: [home._id, away._id] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data;
}

const subjectsOf = async (client: ApiClient) =>
  (await client.get<{ data: NotificationGroup[] }>('/user/notification-list')).body.data.flatMap((group) => group.notifications.map((n) => n.subject));

describe('results with scores, draws, walkovers and the live score', () => {
  let operator: ApiClient;
  beforeAll(async () => {
    operator = await operatorClient();
  });

  it('a football tournament states its sport and its usual points; points of its own are checked', async () => {
    const { tournament } = await tournamentWith(operator, 'football', 2);
    expect(tournament).toMatchObject({ sport: 'football', points: { win: 3, draw: 1, loss: 0 } });
    const own = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Own points ${randomUUID().slice(0, 6)}`, sport: 'kabaddi', points: { win: 2, draw: 1, loss: 0 } });
    expect(own.body.data.points).toEqual({ win: 2, draw: 1, loss: 0 });
    const wrong = await operator.post('/admin/tournaments', { title: 'Bad points', sport: 'football', points: { win: 1, draw: 1, loss: 0 } });
    expect(wrong.body).toMatchObject({ statusCode: 400, message: MSG.pointsInvalid });
    const noSport = await operator.post('/admin/tournaments', { title: 'Bad sport', sport: 'quidditch' });
    expect(noSport.body).toMatchObject({ statusCode: 400, message: MSG.sportInvalid });
  });

  it('a draw returns every stake, counts a point each in the table, and a draw in a knockout or a sport without draws is refused', { timeout: 120_000 }, async () => {
    const { tournament, teams } = await tournamentWith(operator, 'football', 3);
    const drawn = await match(operator, tournament._id, teams[0], teams[1]);
    const won = await match(operator, tournament._id, teams[1], teams[2], 3);
    const bettors = await placeBets(drawn, [
      { team: 0, amount: STAKE },
      { team: 1, amount: 2 * STAKE },
    ]);

    // A level score with a winner in a football league is a draw, said so; a winner with fewer goals is refused.
    const level = await operator.post(`/admin/events/${drawn._id}/result`, { winnerTeamId: teams[0]._id, score: { home: 1, away: 1 } });
    expect(level.body).toMatchObject({ statusCode: 400, message: MSG.levelScoreIsDraw });
    const lower = await operator.post(`/admin/events/${drawn._id}/result`, { winnerTeamId: teams[0]._id, score: { home: 0, away: 2 } });
    expect(lower.body).toMatchObject({ statusCode: 400, message: MSG.winnerScoreLower });
    const unlevelDraw = await operator.post(`/admin/events/${drawn._id}/result`, { draw: true, score: { home: 2, away: 1 } });
    expect(unlevelDraw.body).toMatchObject({ statusCode: 400, message: MSG.drawScoreNotLevel });
    const badScore = await operator.post(`/admin/events/${drawn._id}/result`, { draw: true, score: { home: -1, away: 1.5 } });
    expect(badScore.body).toMatchObject({ statusCode: 400, message: MSG.scoreInvalid });
    // Nothing of those was written: the match is still open.
    const listed = async () => (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data;
    expect((await listed()).find((e) => e._id === drawn._id)).toMatchObject({ isBetActive: true, winnerTeam: {} });

    const declared = await operator.post<{ data: { result: unknown } }>(`/admin/events/${drawn._id}/result`, { draw: true, score: { home: 1, away: 1 } });
    expect(declared.status, JSON.stringify(declared.body)).toBe(202);
    expect(declared.body.data.result).toEqual({ kind: 'draw', score: { home: 1, away: 1 } });
    const second = await operator.post(`/admin/events/${won._id}/result`, { winnerTeamId: teams[2]._id, score: { home: 0, away: 3 } });
    expect(second.status, JSON.stringify(second.body)).toBe(202);
    await waitUntilSettled(drawn._id);

    for (const bettor of bettors) expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME, totalEarnings: 0 });
    await waitFor(() => subjectsOf(bettors[0].client), (subjects) => subjects.includes('Draw: stake returned'));
    // The bettor's history says how the match ended.
    const history = (await bettors[0].client.get<{ data: { _id: string; isRefunded?: true; result?: unknown }[] }>('/bet/get-betlist')).body.data;
    expect(history.find((bet) => bet._id === drawn._id)).toMatchObject({ isRefunded: true, result: { kind: 'draw', score: { home: 1, away: 1 } } });
    expect((await listed()).find((e) => e._id === drawn._id)).toMatchObject({ result: { kind: 'draw', score: { home: 1, away: 1 } }, winnerTeam: {} });

    const shape = (await operator.get<{ data: TournamentShape }>(`/game/tournament-shape?tournamentId=${tournament._id}`)).body.data;
    expect(shape).toMatchObject({ sport: 'football', points: { win: 3, draw: 1, loss: 0 } });
    expect(shape.tieBreak).toMatch(/goal difference/);
    const rows = Object.fromEntries(shape.standings[0].rows.map((row) => [row.team._id, row]));
    expect(rows[teams[2]._id]).toMatchObject({ played: 1, won: 1, drawn: 0, lost: 0, scored: 3, conceded: 0, difference: 3, points: 3, rank: 1 });
    expect(rows[teams[0]._id]).toMatchObject({ played: 1, won: 0, drawn: 1, lost: 0, scored: 1, conceded: 1, difference: 0, points: 1, rank: 2 });
    expect(rows[teams[1]._id]).toMatchObject({ played: 2, won: 0, drawn: 1, lost: 1, scored: 1, conceded: 4, difference: -3, points: 1, rank: 3 });

    // Cricket has no draws; a knockout match has none in any sport.
    const cricket = await tournamentWith(operator, 'cricket', 2);
    const cricketMatch = await match(operator, cricket.tournament._id, cricket.teams[0], cricket.teams[1]);
    const cricketDraw = await operator.post(`/admin/events/${cricketMatch._id}/result`, { draw: true });
    expect(cricketDraw.body).toMatchObject({ statusCode: 400, message: MSG.drawNotInSport('Cricket') });
    // A tie settled by a super over: a level score names who went through, with its note.
    const superOver = await operator.post<{ data: { result: unknown } }>(`/admin/events/${cricketMatch._id}/result`, {
      winnerTeamId: cricket.teams[1]._id,
      score: { home: 160, away: 160 },
      note: 'won the super over',
    });
    expect(superOver.body.data.result).toEqual({ kind: 'won', score: { home: 160, away: 160 }, note: 'won the super over' });

    const cup = await tournamentWith(operator, 'football', 2);
    const keys = planFormat({ kind: 'knockout' }, cup.teams.map((t) => t._id)).matches.map((m) => m.id);
    const schedule = Object.fromEntries(keys.map((key) => [key, { startsAt: hoursFromNow(5) }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${cup.tournament._id}/format`, {
      format: { kind: 'knockout' },
      seededTeamIds: cup.teams.map((t) => t._id),
      schedule,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const final = published.body.data.events[0];
    const knockoutDraw = await operator.post(`/admin/events/${final._id}/result`, { draw: true, score: { home: 2, away: 2 } });
    expect(knockoutDraw.body).toMatchObject({ statusCode: 400, message: MSG.drawInKnockout('penalty shoot-out') });
    const onPenalties = await operator.post<{ data: { result: unknown } }>(`/admin/events/${final._id}/result`, {
      winnerTeamId: final.teamIds[1],
      score: { home: 2, away: 2 },
      note: '4–3 on penalties',
    });
    expect(onPenalties.status, JSON.stringify(onPenalties.body)).toBe(202);
    await waitFor(
      async () => (await operator.get<{ data: TournamentShape }>(`/game/tournament-shape?tournamentId=${cup.tournament._id}`)).body.data,
      (s) => s.champion?._id === final.teamIds[1],
    );
  });

  it('a walkover gives the match to the team that turned up with the sport’s score, and returns every stake; an abandoned match is void', { timeout: 120_000 }, async () => {
    const { tournament, teams } = await tournamentWith(operator, 'football', 4);
    const walkover = await match(operator, tournament._id, teams[0], teams[1]);
    const abandoned = await match(operator, tournament._id, teams[2], teams[3], 3);
    const [onWinner, onAbsent] = await placeBets(walkover, [
      { team: 1, amount: STAKE },
      { team: 0, amount: STAKE },
    ]);
    const [onAbandoned] = await placeBets(abandoned, [{ team: 0, amount: STAKE }]);

    const noWinner = await operator.post(`/admin/events/${walkover._id}/result`, { void: true, walkover: true });
    expect(noWinner.body).toMatchObject({ statusCode: 400, message: MSG.walkoverNeedsWinner });
    const given = await operator.post<{ data: { result: unknown } }>(`/admin/events/${walkover._id}/result`, { winnerTeamId: teams[1]._id, walkover: true });
    expect(given.body.data.result).toEqual({ kind: 'walkover', score: { home: 0, away: 3 } });
    const off = await operator.post<{ data: { result: unknown } }>(`/admin/events/${abandoned._id}/result`, { void: true, abandoned: true });
    expect(off.body.data.result).toEqual({ kind: 'abandoned' });
    await Promise.all([waitUntilSettled(walkover._id), waitUntilSettled(abandoned._id)]);

    for (const bettor of [onWinner, onAbsent, onAbandoned]) expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME, totalEarnings: 0 });
    await waitFor(() => subjectsOf(onAbsent.client), (subjects) => subjects.includes('Walkover: stake returned'));
    await waitFor(() => subjectsOf(onAbandoned.client), (subjects) => subjects.includes('Match abandoned: stake refunded'));

    // The table counts the walkover as a 3–0 win, and the abandoned match for nobody.
    const shape = (await operator.get<{ data: TournamentShape }>(`/game/tournament-shape?tournamentId=${tournament._id}`)).body.data;
    const rows = Object.fromEntries(shape.standings[0].rows.map((row) => [row.team._id, row]));
    expect(rows[teams[1]._id]).toMatchObject({ played: 1, won: 1, scored: 3, points: 3 });
    expect(rows[teams[2]._id]).toMatchObject({ played: 0, points: 0 });

    // The audit trail says what happened, in words.
    const audit = (await operator.get<{ data: { action: string; detail?: string }[] }>(`/admin/events/${walkover._id}/audit`)).body.data;
    expect(audit.find((entry) => entry.action === 'decided')?.detail).toMatch(/won by walkover/);
  });

  it('the first live score closes betting and every list shows it; the result ends it; a decided match takes no live score', { timeout: 60_000 }, async () => {
    const { tournament, teams } = await tournamentWith(operator, 'basketball', 2);
    const played = await match(operator, tournament._id, teams[0], teams[1]);
    const scored = await operator.post<{ data: AdminEvent }>(`/admin/events/${played._id}/live-score`, { home: 2, away: 0 });
    expect(scored.status, JSON.stringify(scored.body)).toBe(200);
    expect(scored.body.data).toMatchObject({ isBetActive: false, liveScore: { home: 2, away: 0 } });
    const bettor = await verifiedUser();
    const late = await bettor.client.post('/bet/create-new', { eventId: played._id, teamId: played.teamIds[0], betWay: 'coin', amount: STAKE });
    expect(late.body).toMatchObject({ success: false, message: MSG.bettingClosed });
    await operator.post(`/admin/events/${played._id}/live-score`, { home: 2, away: 3 });
    const listed = (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data[0];
    expect(listed).toMatchObject({ liveScore: { home: 2, away: 3 }, isBetActive: false });
    const bad = await operator.post(`/admin/events/${played._id}/live-score`, { home: 2 });
    expect(bad.body).toMatchObject({ statusCode: 400, message: MSG.scoreInvalid });

    await operator.post(`/admin/events/${played._id}/result`, { winnerTeamId: teams[1]._id, score: { home: 80, away: 84 } });
    const decided = (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data[0];
    expect(decided.liveScore).toBeUndefined();
    expect(decided.result).toEqual({ kind: 'won', score: { home: 80, away: 84 } });
    const after = await operator.post(`/admin/events/${played._id}/live-score`, { home: 81, away: 84 });
    expect(after.body).toMatchObject({ statusCode: 409, message: MSG.liveScoreDecided });
  });

  it('a postponed match keeps its bets, takes its new time and venue, and tells its bettors', { timeout: 60_000 }, async () => {
    const { tournament, teams } = await tournamentWith(operator, 'volleyball', 2);
    const rained = await match(operator, tournament._id, teams[0], teams[1]);
    const [bettor] = await placeBets(rained, [{ team: 0, amount: STAKE }]);
    const newTime = hoursFromNow(26);
    const postponed = await operator.post<{ data: AdminEvent }>(`/admin/events/${rained._id}/postpone`, { time: newTime, venue: 'Indoor hall' });
    expect(postponed.status, JSON.stringify(postponed.body)).toBe(200);
    expect(postponed.body).toMatchObject({ message: MSG.eventPostponed, data: { time: newTime, venue: 'Indoor hall', postponedFrom: rained.time } });
    await waitFor(() => subjectsOf(bettor.client), (subjects) => subjects.includes('Match postponed'));
    expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME - STAKE });
    const noTime = await operator.post(`/admin/events/${rained._id}/postpone`, {});
    expect(noTime.status).toBe(400);
    const audit = (await operator.get<{ data: { action: string }[] }>(`/admin/events/${rained._id}/audit`)).body.data;
    expect(audit.map((entry) => entry.action)).toContain('postponed');
  });

  it('a correction of the score alone leaves every coin in place; a correction to a draw returns the stakes', { timeout: 120_000 }, async () => {
    const { tournament, teams } = await tournamentWith(operator, 'football', 2);
    const played = await match(operator, tournament._id, teams[0], teams[1]);
    const [winner, loser] = await placeBets(played, [
      { team: 0, amount: STAKE },
      { team: 1, amount: STAKE },
    ]);
    await operator.post(`/admin/events/${played._id}/result`, { winnerTeamId: teams[0]._id, score: { home: 2, away: 1 } });
    await waitUntilSettled(played._id);
    const payout = Math.floor(STAKE * WIN_MULTIPLIER);
    expect(await walletOf(winner.client)).toMatchObject({ totalCoins: WELCOME - STAKE + payout });

    const scoreOnly = await operator.post<{ data: { correction: number; result: unknown } }>(`/admin/events/${played._id}/correct-result`, {
      winnerTeamId: teams[0]._id,
      score: { home: 3, away: 1 },
    });
    expect(scoreOnly.body.data).toMatchObject({ correction: 1, result: { kind: 'won', score: { home: 3, away: 1 } } });
    const { events } = await settlementModules();
    await waitFor(() => events.getEvent(played._id, true), (event) => event?.settledGeneration === 1);
    expect(await walletOf(winner.client)).toMatchObject({ totalCoins: WELCOME - STAKE + payout });
    expect(await walletOf(loser.client)).toMatchObject({ totalCoins: WELCOME - STAKE });

    const toDraw = await operator.post(`/admin/events/${played._id}/correct-result`, { draw: true, score: { home: 1, away: 1 } });
    expect(toDraw.status, JSON.stringify(toDraw.body)).toBe(202);
    await waitFor(() => events.getEvent(played._id, true), (event) => event?.settledGeneration === 2);
    for (const bettor of [winner, loser]) expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME, totalEarnings: 0 });
  });
});
