// A round's results landing together (docs/architecture.md, "Settlements that share bettors"): eight
// first-round results of a knockout declared at once, for the same eight bettors, settle whole on their
// first delivery, every coin exact, and the quarter-finals they open are announced to every bettor.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, NotificationGroup } from '#shared/api.ts';
import { planFormat } from '#shared/format-plan.ts';
import { WIN_MULTIPLIER } from '#shared/constants.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { operatorClient } from './game-flows.ts';
import { tournamentBettorsRecorded, waitFor, waitUntilSettled, walletOf, WELCOME } from './settlement-flows.ts';

const HOUR_MS = 3_600_000;
const STAKE = 100;

describe('a round of results declared at once', () => {
  let operator: ApiClient;
  beforeAll(async () => {
    operator = await operatorClient();
  });

  it('settles 8 results for 8 shared bettors on their first delivery, every coin exact, and announces the next matches', { timeout: 180_000 }, async () => {
    const tag = randomUUID().slice(0, 6);
    const tournament = (await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Round ${tag}` })).body.data;
    const made = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournament._id}/teams/bulk`, {
      teams: Array.from({ length: 16 }, (_, i) => ({ teamName: `Side ${i + 1} ${tag}`, members: [] })),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const seeded = made.body.data.created.map((t) => t._id);
    const keys = planFormat({ kind: 'knockout' }, seeded).matches.map((m) => m.id);
    const schedule = Object.fromEntries(keys.map((key, i) => [key, { startsAt: new Date(Date.now() + (24 + i) * HOUR_MS).toISOString() }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournament._id}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const firstRound = published.body.data.events.filter((e) => e.teamIds.length === 2);
    expect(firstRound).toHaveLength(8);

    // Each bettor backs a side in every match: bettor b the home side of match m when b + m is even.
    const bettors = await Promise.all(Array.from({ length: 8 }, () => verifiedUser()));
    await Promise.all(
      bettors.map(async (bettor, b) => {
        for (const [m, match] of firstRound.entries()) {
          const placed = await bettor.client.post('/bet/create-new', { eventId: match._id, teamId: match.teamIds[(b + m) % 2], betWay: 'coin', amount: STAKE });
          expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        }
      }),
    );
    await tournamentBettorsRecorded(tournament._id, bettors.map((b) => b.userId));

    // The home side wins every match, all eight declared within the same moment.
    const answers = await Promise.all(firstRound.map((match) => operator.post(`/admin/events/${match._id}/result`, { winnerTeamId: match.teamIds[0] })));
    const lastResultAt = Date.now();
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await Promise.all(firstRound.map((match) => waitUntilSettled(match._id)));
    console.log(`8 settlements done ${Date.now() - lastResultAt} ms after the last result`);

    const payout = Math.floor(STAKE * WIN_MULTIPLIER);
    for (const [b, bettor] of bettors.entries()) {
      const won = firstRound.filter((_, m) => (b + m) % 2 === 0).length;
      expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME - 8 * STAKE + won * payout, totalEarnings: won * payout });
      const history: { isOver: boolean }[] = (await bettor.client.get('/bet/get-betlist')).body.data;
      expect(history.filter((bet) => !bet.isOver)).toEqual([]);
    }
    // Every settlement finished on its first delivery: no conflict waited for the queue to deliver it again.
    const cloudLog = await readFile(`${inject('dataDir')}.log`, 'utf8');
    const ours = new Set(firstRound.map((match) => match._id));
    const failures = cloudLog.split('\n').filter((line) => line.includes('"settlement failed') && [...ours].some((id) => line.includes(id)));
    expect(failures).toEqual([]);

    // The four quarter-finals opened, and each bettor of the tournament was told of every one.
    const subjects = async (client: ApiClient) =>
      (await client.get<{ data: NotificationGroup[] }>('/user/notification-list')).body.data.flatMap((group) => group.notifications.map((n) => n.subject));
    for (const bettor of bettors) await waitFor(() => subjects(bettor.client), (list) => list.filter((subject) => subject === 'Quarter-finals: open for bets').length === 4);
  });
});
