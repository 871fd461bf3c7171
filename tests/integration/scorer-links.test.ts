// Scorer links (docs/architecture.md, "Scorer links"): a referee with a link and no account keeps the
// live score and ends the match; the result waits as 'Result pending' (betting closed, nothing settled)
// until an organiser confirms it, disputes it and decides, or it stands undisputed on its schedule. A
// link reaches only its matches, can be revoked, expires, counts its requests, and a replayed or late
// tap never undoes a newer one.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, EventAuditEntry, GameEvent, ScorerLink, ScorerMatch, ScorerView } from '#shared/api.ts';
import { SCORER_REQUESTS_PER_MINUTE, SCORER_TOKEN_HEADER, WIN_MULTIPLIER } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { type ApiClient, createClient } from '../helpers/api.ts';
import { hoursFromNow, operatorClient } from './game-flows.ts';
import { placeBets, settlementModules, waitUntilSettled, walletOf, WELCOME } from './settlement-flows.ts';

const baseUrl = () => inject('baseUrl');
const STAKE = 100;

/** A referee's browser: no account, the link's secret in its header. */
function referee(link: ScorerLink) {
  const client = createClient(baseUrl());
  const token = new URL(link.url).hash.slice(1);
  const headers = { [SCORER_TOKEN_HEADER]: token };
  return {
    token,
    view: () => client.get<{ data: ScorerView; message: string }>('/scorer/matches', { headers }),
    score: (eventId: string, home: number, away: number, takenAt = Date.now()) =>
      client.post<{ data: ScorerMatch; message: string; statusCode: number }>(`/scorer/matches/${eventId}/score`, { home, away, takenAt }, { headers }),
    end: (eventId: string, body: object) => client.post<{ data: ScorerMatch; message: string; statusCode: number }>(`/scorer/matches/${eventId}/end`, { takenAt: Date.now(), ...body }, { headers }),
  };
}

async function tournamentWithMatches(operator: ApiClient, sport = 'football') {
  const tag = randomUUID().slice(0, 6);
  const tournament = (await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Courts ${tag}`, sport })).body.data;
  const teams = (
    await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournament._id}/teams/bulk`, {
      teams: Array.from({ length: 4 }, (_, i) => ({ teamName: `Court side ${i + 1} ${tag}`, members: [] })),
    })
  ).body.data.created;
  const fixture = async (home: number, away: number, venue: string) =>
    (await operator.post<{ data: AdminEvent }>('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(1), teamIds: [teams[home]._id, teams[away]._id], venue })).body.data;
  const onCourt1 = await fixture(0, 1, 'Court 1');
  const onCourt2 = await fixture(2, 3, 'Court 2');
  return { tournament, teams, onCourt1, onCourt2 };
}

const makeLink = async (operator: ApiClient, tournamentId: string, body: object) => {
  const made = await operator.post<{ data: ScorerLink }>(`/admin/tournaments/${tournamentId}/scorer-links`, body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data;
};

const auditOf = async (operator: ApiClient, eventId: string) => (await operator.get<{ data: EventAuditEntry[] }>(`/admin/events/${eventId}/audit`)).body.data;

describe('scorer links', () => {
  let operator: ApiClient;
  beforeAll(async () => {
    operator = await operatorClient();
  });

  it('reaches only its court’s matches, never another tournament’s; a revoked, expired or mistyped link is refused alike', { timeout: 60_000 }, async () => {
    const { tournament, onCourt1, onCourt2 } = await tournamentWithMatches(operator);
    const other = await tournamentWithMatches(operator);
    const link = await makeLink(operator, tournament._id, { name: 'Court 2', venue: 'Court 2' });
    expect(link.url).toMatch(/\/score#[\w-]{43}$/);
    const court2 = referee(link);

    const view = await court2.view();
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data).toMatchObject({ linkName: 'Court 2', tournamentTitle: tournament.title, sport: 'football' });
    expect(view.body.data.matches.map((m) => m._id)).toEqual([onCourt2._id]);
    expect(view.body.data.matches[0]).toMatchObject({ drawAllowed: true });

    for (const refused of [onCourt1._id, other.onCourt2._id, randomUUID()]) {
      expect((await court2.score(refused, 1, 0)).body).toMatchObject({ statusCode: 403, message: MSG.scorerMatchNotInLink });
    }
    const noToken = await createClient(baseUrl()).get('/scorer/matches');
    expect(noToken.body).toMatchObject({ statusCode: 401, message: MSG.scorerLinkInvalid });
    const guessed = referee({ ...link, url: `${link.url.slice(0, -5)}AAAAA` });
    expect((await guessed.view()).body).toMatchObject({ statusCode: 401, message: MSG.scorerLinkInvalid });

    // Another tournament's organiser cannot list or revoke this one's links (an operator can).
    const listed = (await operator.get<{ data: ScorerLink[] }>(`/admin/tournaments/${tournament._id}/scorer-links`)).body.data;
    expect(listed.map((l) => l.id)).toContain(link.id);
    const revoked = await operator.delete<{ data: ScorerLink }>(`/admin/tournaments/${tournament._id}/scorer-links/${link.id}`);
    expect(revoked.body).toMatchObject({ message: MSG.scorerLinkRevoked, data: { id: link.id } });
    expect(revoked.body.data.revokedAt).toBeDefined();
    expect((await court2.view()).body).toMatchObject({ statusCode: 401, message: MSG.scorerLinkInvalid });
    expect((await court2.score(onCourt2._id, 1, 0)).body).toMatchObject({ statusCode: 401 });

    // Expired: a link whose hours ran out (written as if made yesterday) is refused as a revoked one is.
    await settlementModules(); // the local cloud's table for the data modules
    const links = await import('#functions/data/scorer-links.ts');
    const expired = { id: randomUUID(), token: randomUUID().replaceAll('-', ''), tournamentId: tournament._id, name: 'Yesterday', scope: { venue: 'Court 2' }, createdAt: hoursFromNow(-30), createdBy: 'test', expiresAt: hoursFromNow(-6) };
    await links.putScorerLink(expired);
    const late = referee({ id: expired.id, name: expired.name, url: `http://x/score#${expired.token}`, scope: expired.scope, createdAt: expired.createdAt, expiresAt: expired.expiresAt });
    expect((await late.view()).body).toMatchObject({ statusCode: 401, message: MSG.scorerLinkInvalid });

    // A link names matches of its own tournament only; a scope is matches, or a court and/or a day.
    const foreign = await operator.post(`/admin/tournaments/${tournament._id}/scorer-links`, { name: 'Sneaky', eventIds: [other.onCourt1._id] });
    expect(foreign.body).toMatchObject({ statusCode: 400, message: MSG.scorerMatchNotInTournament });
    const noScope = await operator.post(`/admin/tournaments/${tournament._id}/scorer-links`, { name: 'Everything' });
    expect(noScope.body).toMatchObject({ statusCode: 400, message: MSG.scorerLinkScopeInvalid });
  });

  it('keeps the live score, closing betting at the first tap; a replayed or late tap never undoes a newer one; too many taps are slowed', { timeout: 120_000 }, async () => {
    const { tournament, onCourt1 } = await tournamentWithMatches(operator, 'basketball');
    const link = await makeLink(operator, tournament._id, { name: 'Match 1', eventIds: [onCourt1._id] });
    const court = referee(link);
    // Taps made a few seconds ago (the server counts none as later than its now).
    const t0 = Date.now() - 10_000;
    const first = await court.score(onCourt1._id, 2, 0, t0);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.liveScore).toEqual({ home: 2, away: 0 });
    const listed = async () => (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data.find((e) => e._id === onCourt1._id)!;
    expect(await listed()).toMatchObject({ isBetActive: false, liveScore: { home: 2, away: 0 } });

    await court.score(onCourt1._id, 4, 0, t0 + 2_000);
    // The first tap sent again, and a tap made before the newest arriving after it: both change nothing.
    expect((await court.score(onCourt1._id, 2, 0, t0)).body.data.liveScore).toEqual({ home: 4, away: 0 });
    expect((await court.score(onCourt1._id, 3, 0, t0 + 1_000)).body.data.liveScore).toEqual({ home: 4, away: 0 });
    expect((await court.score(onCourt1._id, 4, 1, t0 + 3_000)).body.data.liveScore).toEqual({ home: 4, away: 1 });
    // A phone whose clock runs an hour ahead: its tap counts as made now, so the next real tap still lands.
    expect((await court.score(onCourt1._id, 5, 1, Date.now() + 3_600_000)).body.data.liveScore).toEqual({ home: 5, away: 1 });
    await sleep(20);
    expect((await court.score(onCourt1._id, 6, 1, Date.now())).body.data.liveScore).toEqual({ home: 6, away: 1 });
    expect((await court.score(onCourt1._id, -1, 1)).body).toMatchObject({ statusCode: 400, message: MSG.scoreInvalid });

    // The minute's budget, counted per clock minute: within one minute the budget's requests pass and the next is refused.
    await settlementModules(); // the local cloud's table for the data modules
    const links = await import('#functions/data/scorer-links.ts');
    const minute = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 5 * 60_000); // a minute of its own, nobody's yet
    const taken: boolean[] = [];
    for (let i = 0; i <= SCORER_REQUESTS_PER_MINUTE; i++) taken.push(await links.takeScorerRequest(court.token, SCORER_REQUESTS_PER_MINUTE, minute));
    expect(taken.filter(Boolean)).toHaveLength(SCORER_REQUESTS_PER_MINUTE);
    expect(taken.at(-1)).toBe(false);
    // Through the API: the current minute's budget used up, the next request is a 429 the page can show
    // (tried again should the clock's minute turn between the two).
    let slowed: Awaited<ReturnType<typeof court.view>> | undefined;
    for (let attempt = 0; attempt < 3 && slowed?.status !== 429; attempt++) {
      while (await links.takeScorerRequest(court.token, SCORER_REQUESTS_PER_MINUTE));
      slowed = await court.view();
    }
    expect(slowed?.body).toMatchObject({ statusCode: 429, message: MSG.scorerTooFast });
  });

  it('a referee’s result waits as pending until the organiser confirms it; then the bets settle and the audit names the link', { timeout: 120_000 }, async () => {
    const { tournament, teams, onCourt1 } = await tournamentWithMatches(operator);
    const [backer, against] = await placeBets(onCourt1, [
      { team: 0, amount: STAKE },
      { team: 1, amount: STAKE },
    ]);
    const link = await makeLink(operator, tournament._id, { name: 'Court 1', venue: 'Court 1' });
    const court = referee(link);
    await court.score(onCourt1._id, 1, 0);
    const ended = await court.end(onCourt1._id, { winnerTeamId: teams[0]._id, score: { home: 2, away: 0 } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.message).toBe(MSG.provisionalRecorded);
    expect(ended.body.data.provisional).toMatchObject({ by: 'Scorer link: Court 1', winnerTeamId: teams[0]._id, result: { kind: 'won', score: { home: 2, away: 0 } } });

    // Pending: everyone sees it, betting is closed, nothing is settled, and the schedule is set.
    const listed = (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data.find((e) => e._id === onCourt1._id)!;
    expect(listed).toMatchObject({ resultPending: true, liveScore: { home: 2, away: 0 }, isBetActive: false, winnerTeam: {} });
    expect(await walletOf(backer.client)).toMatchObject({ totalCoins: WELCOME - STAKE });
    const schedules = (await (await fetch(`${baseUrl()}/_local/scheduler`)).json()) as { Name: string }[];
    expect(schedules.map((s) => s.Name)).toContain(`confirm-${onCourt1._id}`);
    // The live score waits while a result does.
    expect((await court.score(onCourt1._id, 3, 0)).body).toMatchObject({ statusCode: 409, message: MSG.resultPending });

    const confirmed = await operator.post(`/admin/events/${onCourt1._id}/provisional/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
    await waitUntilSettled(onCourt1._id);
    expect(await walletOf(backer.client)).toMatchObject({ totalCoins: WELCOME - STAKE + Math.floor(STAKE * WIN_MULTIPLIER) });
    expect(await walletOf(against.client)).toMatchObject({ totalCoins: WELCOME - STAKE });
    const audit = await auditOf(operator, onCourt1._id);
    expect(audit.find((entry) => entry.action === 'result-sent')).toMatchObject({ actorName: 'Scorer link: Court 1' });
    expect(audit.find((entry) => entry.action === 'decided')?.detail).toMatch(/confirmed: sent by Scorer link: Court 1/);
    // The schedule's later run changes nothing; the referee can no longer score it.
    const fired = await fetch(`${baseUrl()}/_local/scheduler/fire/confirm-${onCourt1._id}`, { method: 'POST' });
    expect(fired.status).toBeLessThan(500);
    expect((await court.score(onCourt1._id, 3, 0)).body).toMatchObject({ statusCode: 409, message: MSG.liveScoreDecided });
    expect((await operator.post(`/admin/events/${onCourt1._id}/provisional/confirm`)).body).toMatchObject({ statusCode: 409, message: MSG.noProvisionalResult });
  });

  it('a disputed result never stands by itself: the organiser’s own result settles; an undisputed one stands on its schedule', { timeout: 120_000 }, async () => {
    const { tournament, teams, onCourt1, onCourt2 } = await tournamentWithMatches(operator);
    const [onHome] = await placeBets(onCourt1, [{ team: 0, amount: STAKE }]);
    const link = await makeLink(operator, tournament._id, { name: 'Both courts', eventIds: [onCourt1._id, onCourt2._id] });
    const court = referee(link);

    // A draw is a result in a football league: the referee sends it, the organiser disputes it.
    const drawn = await court.end(onCourt1._id, { draw: true, score: { home: 1, away: 1 } });
    expect(drawn.body.data.provisional?.result).toEqual({ kind: 'draw', score: { home: 1, away: 1 } });
    const disputed = await operator.post<{ data: AdminEvent }>(`/admin/events/${onCourt1._id}/provisional/dispute`);
    expect(disputed.body).toMatchObject({ message: MSG.provisionalDisputed, data: { provisional: { disputed: true } } });
    expect((await court.end(onCourt1._id, { draw: true, score: { home: 1, away: 1 } })).body).toMatchObject({ statusCode: 409, message: MSG.resultDisputed });
    const provisional = await import('#functions/settlement/provisional-results.ts');
    const { events } = await settlementModules();
    const at = (await events.getEvent(onCourt1._id, true))!.provisional!.at;
    expect(await provisional.confirmIfUndisputed(onCourt1._id, at, new Date(Date.now() + 3_600_000))).toBe(false);
    // The organiser's own result replaces it.
    const declared = await operator.post(`/admin/events/${onCourt1._id}/result`, { winnerTeamId: teams[0]._id, score: { home: 2, away: 1 } });
    expect(declared.status, JSON.stringify(declared.body)).toBe(202);
    await waitUntilSettled(onCourt1._id);
    expect(await walletOf(onHome.client)).toMatchObject({ totalCoins: WELCOME - STAKE + Math.floor(STAKE * WIN_MULTIPLIER) });
    expect((await events.getEvent(onCourt1._id, true))!.provisional).toBeUndefined();

    // Undisputed: not before its time; at its time it stands in the link's name.
    const sent = await court.end(onCourt2._id, { winnerTeamId: teams[3]._id, score: { home: 0, away: 2 } });
    const sentAt = sent.body.data.provisional!.at;
    expect(await provisional.confirmIfUndisputed(onCourt2._id, sentAt)).toBe(false);
    expect(await provisional.confirmIfUndisputed(onCourt2._id, sentAt, new Date(Date.now() + 11 * 60_000))).toBe(true);
    expect(await provisional.confirmIfUndisputed(onCourt2._id, sentAt, new Date(Date.now() + 11 * 60_000))).toBe(false);
    const decided = (await events.getEvent(onCourt2._id, true))!;
    expect(decided).toMatchObject({ winnerTeamId: teams[3]._id, score: { home: 0, away: 2 } });
    const audit = await auditOf(operator, onCourt2._id);
    expect(audit.find((entry) => entry.action === 'decided')).toMatchObject({ actorName: 'Scorer link: Both courts', detail: expect.stringMatching(/stood undisputed/) });
  });
});
