// The tournament-winner pool ('Who lifts the cup?'), through the local gateway: it opens with a generated
// format, takes stakes (one per team, the usual limits), counts its totals from the table stream, closes
// (the organiser's time, close now), follows the bracket (knocked-out teams out), shares the pool among
// the champion's backers with the remainder to the largest stake, re-shares exactly once when a
// correction changes the champion, refunds every stake when nobody backed the champion or it is called
// off, and shows a group's picks only once it closed. Every coin checked against the ledger.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, GroupPoolPicks, LedgerEntryView, LedgerPage, PoolStake, TournamentPool } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { operatorClient } from './game-flows.ts';
import { waitFor, walletOf, WELCOME } from './settlement-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;
const HOUR_MS = 3_600_000;
/** A share waits 30 s after the pool's close (stakes still on their way), then settles: allow for a busy machine. */
const SHARE_MS = 120_000;


describe('the cup pool', () => {
  let operator: ApiClient;
  const tag = randomUUID().slice(0, 6);

  beforeAll(async () => {
    operator = await operatorClient();
  });

  /** A 4-team knockout published by the operator: semi-finals tomorrow, the final after. */
  async function knockout(name: string) {
    const made = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `${name} ${tag}` });
    const tournamentId = made.body.data._id;
    const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: [1, 2, 3, 4].map((n) => ({ teamName: `${name} ${n} ${tag}`, members: [] })),
    });
    const teams = entered.body.data.created.map((team) => team._id);
    const schedule = Object.fromEntries(['R1-M1', 'R1-M2', 'R2-M1'].map((key, i) => [key, { startsAt: new Date(Date.now() + (24 + i) * HOUR_MS).toISOString() }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, { format: { kind: 'knockout' }, seededTeamIds: teams, schedule, openBetting: true });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const byStage = (stage: string) => published.body.data.events.filter((event) => event.stage === stage);
    return { tournamentId, teams, semis: byStage('Semi-finals'), final: byStage('Final')[0] };
  }

  const poolOf = async (tournamentId: string, client: ApiClient = operator) => {
    const res = await client.get<{ data: TournamentPool }>(`/game/tournament-pool?tournamentId=${tournamentId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const stake = (user: User, tournamentId: string, teamId: string, amount: number) => user.client.post<{ data: { stake: PoolStake } }>('/pool/stake', { tournamentId, teamId, amount });
  const staked = async (user: User, tournamentId: string, teamId: string, amount: number) => {
    const res = await stake(user, tournamentId, teamId, amount);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.stake).toMatchObject({ teamId, amount, status: 'accepted' });
  };
  const coins = async (user: User) => (await walletOf(user.client)).totalCoins;
  const ledgerOf = async (user: User): Promise<LedgerEntryView[]> => (await user.client.get<{ data: LedgerPage }>('/wallet/ledger')).body.data.entries;
  /** The coins of the user's pool entries: their wallet moves by exactly these. */
  const poolLedgerSum = async (user: User) => (await ledgerOf(user)).filter((entry) => entry.kind.startsWith('pool-')).reduce((sum, entry) => sum + entry.coins, 0);
  const result = async (event: Pick<AdminEvent, '_id'>, winnerTeamId: string) => {
    const res = await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  };
  const waitForPool = (tournamentId: string, done: (pool: TournamentPool) => boolean, timeoutMs = SHARE_MS) => waitFor(() => poolOf(tournamentId), done, timeoutMs);
  const waitForCoins = (user: User, expected: number) => waitFor(() => coins(user), (n) => n === expected, SHARE_MS);

  it('takes stakes, shows the crowd odds, closes, follows the bracket, shares to the coin and re-shares once on a correction', { timeout: 6 * 60_000 }, async () => {
    const { tournamentId, teams, semis, final } = await knockout('Cup');
    const [a, b, c, d, outsider] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser(), verifiedUser(), verifiedUser()]);
    const opened = await poolOf(tournamentId);
    expect(opened).toMatchObject({ title: MSG.poolTitle, status: 'open', total: 0, closesAtSetByOrganiser: false, champions: [] });
    // By default it closes at the first knockout match: the first semi-final.
    expect(opened.closesAt).toBe(semis.map((semi) => semi.time).sort()[0]);
    expect(opened.teams).toHaveLength(4);

    // The semi-finals' pairings, as published: seed 1 v 4, 2 v 3.
    const [t1, t2, t3, t4] = teams;
    await staked(a, tournamentId, t1, 100);
    await staked(b, tournamentId, t1, 300);
    await staked(c, tournamentId, t2, 400);
    await staked(d, tournamentId, t3, 50);
    await staked(d, tournamentId, t4, 50);

    // Refusals, each clear and moving no coin.
    expect((await stake(a, tournamentId, t1, 100)).body).toMatchObject({ statusCode: 409, message: MSG.poolAlreadyStaked });
    expect((await stake(a, tournamentId, t2, 5)).status).toBe(400);
    expect((await stake(a, tournamentId, t2, 10.5)).status).toBe(400);
    expect((await stake(a, tournamentId, randomUUID(), 100)).body).toMatchObject({ statusCode: 400, message: MSG.poolTeamNotIn });
    expect((await a.client.post('/pool/stake', { tournamentId: randomUUID(), teamId: t1, amount: 100 })).body).toMatchObject({ statusCode: 404, message: MSG.poolNotFound });
    expect((await stake(a, tournamentId, t2, 1000)).body).toMatchObject({ statusCode: 404, message: MSG.notEnoughCoins });
    expect(await coins(a)).toBe(WELCOME - 100);

    // The totals come from the table stream: 900 coins, 400 on T1, so 1 coin on T1 pays 2.25.
    const counted = await waitForPool(tournamentId, (pool) => pool.total === 900, 30_000);
    const row = (pool: TournamentPool, id: string) => pool.teams.find((team) => team.team._id === id)!;
    expect(row(counted, t1)).toMatchObject({ coins: 400, backers: 2, pays: 900 / 400, out: false });
    expect(row(counted, t2)).toMatchObject({ coins: 400, backers: 1, share: 400 / 900 });
    expect(counted.backers).toBe(5);
    expect((await d.client.get<{ data: PoolStake[] }>(`/pool/my-stakes?tournamentId=${tournamentId}`)).body.data.map((s) => s.teamId).sort()).toEqual([t3, t4].sort());

    // A group of a and c: nobody's pick shows while the pool is open, then the group's do.
    const group = await a.client.post<{ data: { groupId: string; inviteCode: string } }>('/group/create-group', { name: `Wing ${tag}` });
    expect((await c.client.post('/group/join', { inviteCode: group.body.data.inviteCode })).status).toBe(200);
    const picks = (user: User) => user.client.get<{ data: GroupPoolPicks[] }>(`/pool/group-picks?tournamentId=${tournamentId}`);
    expect((await picks(a)).body.data).toEqual([]);

    // The organiser's close: a time in the past is refused; close now closes it for good.
    const settings = (body: object) => operator.put<{ data: TournamentPool }>(`/admin/tournaments/${tournamentId}/pool`, body);
    expect((await settings({ closesAt: new Date(Date.now() - 60_000).toISOString() })).body).toMatchObject({ statusCode: 400, message: MSG.poolCloseInPast });
    expect((await settings({ closeNow: true, callOff: true })).status).toBe(400);
    const later = new Date(Date.now() + 48 * HOUR_MS).toISOString();
    expect((await settings({ closesAt: later })).body.data).toMatchObject({ closesAt: later, closesAtSetByOrganiser: true });
    expect((await settings({ closeNow: true })).body.data.status).toBe('closed');
    expect((await stake(outsider, tournamentId, t2, 100)).body).toMatchObject({ statusCode: 409, message: MSG.poolClosed });
    expect(await coins(outsider)).toBe(WELCOME);
    const revealed = (await picks(a)).body.data;
    expect(revealed).toHaveLength(1);
    expect(revealed[0].picks.map((pick) => pick.teamId).sort()).toEqual([t1, t2].sort());
    expect((await picks(outsider)).body.data).toEqual([]);

    // The semi-finals: T4 and T3 go out.
    const semiOf = (team: string) => semis.find((semi) => (semi.teamIds as string[]).includes(team))!;
    await result(semiOf(t1), t1);
    await result(semiOf(t2), t2);
    const afterSemis = await waitForPool(tournamentId, (pool) => pool.teams.filter((team) => team.out).length === 2);
    expect(afterSemis.teams.filter((team) => team.out).map((team) => team.team._id).sort()).toEqual([t3, t4].sort());
    expect(afterSemis.status).toBe('closed');

    // The final: T1 lifts the cup. 900 shared by 100 and 300: 225 and 675, nothing left over.
    await waitFor(async () => (await operator.get<{ data: AdminEvent }>(`/admin/events/${final._id}`)).body.data.teamIds.length, (n) => n === 2);
    await result(final, t1);
    const shared = await waitForPool(tournamentId, (pool) => pool.status === 'shared');
    expect(shared.champions.map((team) => team._id)).toEqual([t1]);
    expect(shared.championBackers).toBe(2);
    await waitForCoins(a, WELCOME - 100 + 225);
    await waitForCoins(b, WELCOME - 300 + 675);
    expect(await coins(c)).toBe(WELCOME - 400);
    expect(await coins(d)).toBe(WELCOME - 100);
    for (const user of [a, b, c, d]) expect(await poolLedgerSum(user)).toBe((await coins(user)) - WELCOME);
    expect((await a.client.get<{ data: PoolStake[] }>(`/pool/my-stakes?tournamentId=${tournamentId}`)).body.data[0]).toMatchObject({ status: 'won', payout: 225 });

    // A correction of the final: T2 lifted it after all. The pool is shared again, once: c takes it all.
    const corrected = await operator.post(`/admin/events/${final._id}/correct-result`, { winnerTeamId: t2 });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(202);
    await waitForCoins(c, WELCOME - 400 + 900);
    await waitForCoins(a, WELCOME - 100);
    await waitForCoins(b, WELCOME - 300);
    expect(await coins(d)).toBe(WELCOME - 100);
    const reshared = await poolOf(tournamentId);
    expect(reshared.champions.map((team) => team._id)).toEqual([t2]);
    for (const user of [a, b, c, d]) expect(await poolLedgerSum(user)).toBe((await coins(user)) - WELCOME);
    // Exactly once: each stake has one share entry per version, and nothing moves again.
    const aEntries = (await ledgerOf(a)).filter((entry) => entry.kind === 'pool-share');
    expect(aEntries.map((entry) => entry.coins).sort((x, y) => x - y)).toEqual([-225, 225]);
    expect((await operator.put(`/admin/tournaments/${tournamentId}/pool`, { callOff: true })).body).toMatchObject({ statusCode: 409, message: MSG.poolAlreadyDecided });
  });

  it('gives the coins rounding leaves to the largest stake, and every stake back when nobody backed the champion', { timeout: 5 * 60_000 }, async () => {
    const { tournamentId, teams, semis, final } = await knockout('Remainder');
    const [t1, t2, t3] = teams;
    const [a, b, c, d] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser(), verifiedUser()]);
    // 50 + 60 on T1, 70 on T2, 50 on T3: 230 shared by 50 and 60 is 104.5 and 125.5: 104 and 125, and the
    // coin left over goes to the largest stake: 126.
    await staked(a, tournamentId, t1, 50);
    await staked(b, tournamentId, t1, 60);
    await staked(c, tournamentId, t2, 70);
    await staked(d, tournamentId, t3, 50);
    await waitForPool(tournamentId, (pool) => pool.total === 230, 30_000);
    expect((await operator.put(`/admin/tournaments/${tournamentId}/pool`, { closeNow: true })).status).toBe(200);
    const semiOf = (team: string) => semis.find((semi) => (semi.teamIds as string[]).includes(team))!;
    await result(semiOf(t1), t1);
    await result(semiOf(t2), t2);
    await waitFor(async () => (await operator.get<{ data: AdminEvent }>(`/admin/events/${final._id}`)).body.data.teamIds.length, (n) => n === 2);
    await result(final, t1);
    await waitForCoins(a, WELCOME - 50 + 104);
    await waitForCoins(b, WELCOME - 60 + 126);
    expect(await coins(c)).toBe(WELCOME - 70);

    // Another cup where nobody backed the champion: every stake comes back.
    const other = await knockout('Unbacked');
    const [u1, u2] = await Promise.all([verifiedUser(), verifiedUser()]);
    await staked(u1, other.tournamentId, other.teams[1], 50);
    await staked(u2, other.tournamentId, other.teams[2], 60);
    const semiOfOther = (team: string) => other.semis.find((semi) => (semi.teamIds as string[]).includes(team))!;
    await result(semiOfOther(other.teams[0]), other.teams[0]);
    await result(semiOfOther(other.teams[1]), other.teams[1]);
    await waitFor(async () => (await operator.get<{ data: AdminEvent }>(`/admin/events/${other.final._id}`)).body.data.teamIds.length, (n) => n === 2);
    await result(other.final, other.teams[0]);
    const refunded = await waitForPool(other.tournamentId, (pool) => pool.status === 'refunded');
    expect(refunded.champions.map((team) => team._id)).toEqual([other.teams[0]]);
    await waitForCoins(u1, WELCOME);
    await waitForCoins(u2, WELCOME);
    expect((await ledgerOf(u1)).filter((entry) => entry.kind === 'pool-share').map((entry) => entry.coins)).toEqual([50]);
  });

  it('takes a rush of stakes whole, and refunds exactly those the close lands under', { timeout: 4 * 60_000 }, async () => {
    const { tournamentId, teams } = await knockout('Rush');
    const bettors = await Promise.all(Array.from({ length: 24 }, () => verifiedUser()));
    // Every bettor stakes at once; the organiser closes the pool in the middle of the rush.
    const answers = await Promise.all([
      ...bettors.map((user, i) => stake(user, tournamentId, teams[i % 4], 50 + i)),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const closed = await operator.put(`/admin/tournaments/${tournamentId}/pool`, { closeNow: true });
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        return undefined;
      })(),
    ]);
    const taken = bettors.filter((_, i) => answers[i]?.status === 201);
    for (const [i, answer] of answers.slice(0, bettors.length).entries()) {
      expect([201, 409], JSON.stringify(answer?.body)).toContain(answer?.status);
      if (answer?.status === 409) expect([MSG.poolClosed, MSG.poolStakeRefundedClosed]).toContain((answer.body as unknown as { message: string }).message);
      // Taken: the stake is out of the wallet; refused or refunded as it landed: every coin is back.
      expect(await coins(bettors[i])).toBe(answer?.status === 201 ? WELCOME - (50 + i) : WELCOME);
    }
    // The totals, counted from the stream, are exactly the stakes the pool took.
    const expected = bettors.reduce((sum, _, i) => sum + (answers[i]?.status === 201 ? 50 + i : 0), 0);
    const counted = await waitForPool(tournamentId, (pool) => pool.total === expected && pool.backers === taken.length, 60_000);
    expect(counted.status).toBe('closed');
  });

  it('refunds every stake when the organiser calls it off, and refuses what a stranger asks', { timeout: 3 * 60_000 }, async () => {
    const { tournamentId, teams } = await knockout('Called off');
    const [a, b] = await Promise.all([verifiedUser(), verifiedUser()]);
    await staked(a, tournamentId, teams[0], 120);
    await staked(b, tournamentId, teams[1], 80);
    const stranger = await verifiedUser();
    expect((await stranger.client.put(`/admin/tournaments/${tournamentId}/pool`, { callOff: true })).status).toBe(403);
    const calledOff = await operator.put<{ data: TournamentPool }>(`/admin/tournaments/${tournamentId}/pool`, { callOff: true });
    expect(calledOff.status, JSON.stringify(calledOff.body)).toBe(200);
    expect(calledOff.body.data.status).toBe('refunded');
    expect((await stake(a, tournamentId, teams[2], 50)).body).toMatchObject({ statusCode: 409, message: MSG.poolClosed });
    await waitForCoins(a, WELCOME);
    await waitForCoins(b, WELCOME);
    expect((await a.client.get<{ data: PoolStake[] }>(`/pool/my-stakes?tournamentId=${tournamentId}`)).body.data[0]).toMatchObject({ status: 'refunded', payout: 120 });
  });
});
