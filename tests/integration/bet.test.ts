// Coin bets: placing one (every refusal), the payment step, reading one back and the history.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COIN_BET_MAX, COIN_BET_MIN, WELCOME_COINS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, createEvents, domainModules, hoursFromNow, operatorClient } from './game-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
const coinsOf = async (client: ApiClient) => (await client.get('/wallet/get-wallet')).body.data.totalCoins as number;

describe('create-new', () => {
  it('places a coin bet: 201 with the bet id, coins debited everywhere', async () => {
    const { client } = await verifiedUser();
    const { event } = await createEvent(operator);
    const placed = await client.post('/bet/create-new', coinBet(event, 120));
    expect(placed.status).toBe(201);
    expect(placed.body.data).toEqual({ betId: expect.any(String) });
    expect(await coinsOf(client)).toBe(WELCOME_COINS - 120);
    expect((await client.get('/user/current-user')).body.data.walletBalance).toBe(WELCOME_COINS - 120);
  });

  it('refuses a second bet on the same event with 402 and too few coins with 404', async () => {
    const { client } = await verifiedUser();
    const { event } = await createEvent(operator);
    await client.post('/bet/create-new', coinBet(event, 600));
    expect((await client.post('/bet/create-new', { ...coinBet(event, 50), teamId: event.teamIds[1] })).body).toEqual(error(402, MSG.alreadyBet));
    const { event: other } = await createEvent(operator);
    expect((await client.post('/bet/create-new', coinBet(other, WELCOME_COINS - 600 + 1))).body).toEqual(error(404, MSG.notEnoughCoins));
    expect(await coinsOf(client)).toBe(WELCOME_COINS - 600);
  });

  it('refuses cash and amounts outside whole coins from 50 to 1000, with the spec messages', async () => {
    const { client } = await verifiedUser();
    const { event } = await createEvent(operator);
    const post = (body: object) => client.post('/bet/create-new', { ...coinBet(event), ...body });
    expect((await post({ betWay: 'cash', amount: 10 })).body).toEqual(error(400, MSG.cashNotice));
    expect((await post({ amount: 5 })).body).toEqual(error(400, MSG.minBet));
    expect((await post({ amount: 60.5 })).body).toEqual(error(400, MSG.betAmountNotWhole));
    expect((await post({ amount: COIN_BET_MIN - 1 })).body).toEqual(error(400, MSG.betAmountOutOfRange));
    expect((await post({ amount: COIN_BET_MAX + 1 })).body).toEqual(error(400, MSG.betAmountOutOfRange));
    expect((await post({ amount: '100' })).body).toEqual(error(400, MSG.betAmountNotNumber));
    expect((await post({ betWay: 'card' })).body).toEqual(error(400, MSG.betWayInvalid));
    expect((await post({ eventId: 'x' })).body).toEqual(error(400, MSG.invalidId));
    expect(await coinsOf(client)).toBe(WELCOME_COINS);
  });

  it('refuses unknown events, teams not playing and events not taking bets', async () => {
    const { client } = await verifiedUser();
    const { event } = await createEvent(operator);
    const { event: paused } = await createEvent(operator, { isBetActive: false });
    const { event: started } = await createEvent(operator, { time: hoursFromNow(-0.1) });
    expect((await client.post('/bet/create-new', { ...coinBet(event), eventId: randomUUID() })).body).toEqual(error(404, MSG.eventNotFound));
    expect((await client.post('/bet/create-new', { ...coinBet(event), teamId: paused.teamIds[0] })).body).toEqual(error(400, MSG.teamNotInEvent));
    expect((await client.post('/bet/create-new', coinBet(paused))).body).toEqual(error(409, MSG.bettingClosed));
    expect((await client.post('/bet/create-new', coinBet(started))).body).toEqual(error(409, MSG.bettingClosed));
    expect((await newClient().post('/bet/create-new', coinBet(event))).status).toBe(401);
    expect(await coinsOf(client)).toBe(WELCOME_COINS);
  });
});

describe('create-transaction and get-bet', () => {
  it('records the payment step idempotently and shows the caller their own bet only', async () => {
    const { client } = await verifiedUser();
    const other = await verifiedUser();
    const { event } = await createEvent(operator);
    const { betId } = (await client.post('/bet/create-new', coinBet(event, 75))).body.data;

    const first = await client.post('/bet/create-transaction', { betId, isPaid: true });
    expect(first.status).toBe(200);
    const { transactionId } = first.body.data;
    expect((await client.post('/bet/create-transaction', { betId, isPaid: true })).body.data).toEqual({ transactionId });
    expect(await coinsOf(client)).toBe(925);

    const bet = await client.get(`/bet/get-bet/${betId}`);
    // The receipt names the bet's match and team, and what it pays if it wins (issue 22 §5).
    expect(bet.body.data).toEqual({
      betway: 'coin',
      amount: 75,
      transactionId,
      createdAt: expect.any(String),
      eventId: event._id,
      teamId: event.teamIds[0],
      teamName: expect.any(String),
      status: 'pending',
      payout: 112,
    });

    expect((await other.client.get(`/bet/get-bet/${betId}`)).body).toEqual(error(402, MSG.betNotFound));
    expect((await other.client.post('/bet/create-transaction', { betId, isPaid: true })).body).toEqual(error(402, MSG.betNotFound));
    expect((await client.get(`/bet/get-bet/${randomUUID()}`)).body).toEqual(error(402, MSG.betNotFound));
    expect((await client.get('/bet/get-bet/nope')).body).toEqual(error(400, MSG.invalidId));
    expect((await client.post('/bet/create-transaction', { betId, isPaid: false })).body).toEqual(error(400, MSG.isPaidRequired));
    expect((await newClient().get(`/bet/get-bet/${betId}`)).status).toBe(401);
  });
});

describe('get-betlist', () => {
  it('shows the bettor all their bets, newest first, and others only bets on events that have started or been decided', async () => {
    const bettor = await verifiedUser();
    const viewer = await verifiedUser();
    const { event: first, teams } = await createEvent(operator);
    const { event: second } = await createEvent(operator);
    await bettor.client.post('/bet/create-new', coinBet(first, 50));
    await bettor.client.post('/bet/create-new', coinBet(second, 60));

    const own = await bettor.client.get('/bet/get-betlist');
    expect(own.body.data).toEqual([
      { _id: second._id, createdAt: expect.any(String), teamName: expect.any(String), amount: 60, isOver: false, betWay: 'coin' },
      { _id: first._id, createdAt: expect.any(String), teamName: teams[0].teamName, amount: 50, isOver: false, betWay: 'coin' },
    ]);
    expect((await bettor.client.get(`/bet/get-betlist?userId=${bettor.userId}`)).body.data).toEqual(own.body.data);

    const asViewer = async () => (await viewer.client.get(`/bet/get-betlist?userId=${bettor.userId}`)).body.data;
    expect(await asViewer()).toEqual([]);
    // A pause is not the end of betting: the operator may reopen it, and others could then counter the bet.
    expect((await operator.patch(`/admin/events/${first._id}`, { isBetActive: false })).status).toBe(200);
    expect(await asViewer()).toEqual([]);
    expect((await operator.patch(`/admin/events/${first._id}`, { isBetActive: true })).status).toBe(200);
    expect(await asViewer()).toEqual([]);
    // Decided: public history.
    expect((await operator.post(`/admin/events/${first._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    expect(await asViewer()).toEqual([expect.objectContaining({ _id: first._id, amount: 50 })]);
    // Started (its time has passed), with no result yet: public too.
    expect((await operator.patch(`/admin/events/${second._id}`, { time: hoursFromNow(-1) })).status).toBe(200);
    expect((await asViewer()).map((bet: { _id: string }) => bet._id)).toEqual([second._id, first._id]);

    expect((await viewer.client.get('/bet/get-betlist?userId=nope')).body).toEqual(error(400, MSG.invalidId));
    expect((await newClient().get('/bet/get-betlist')).status).toBe(401);
  });
});

describe('concurrent bets', () => {
  it('30 bets at once on 30 events: never more succeed than the coins cover, all of them once one is refused for coins, and the ledger agrees', async () => {
    const { ledger } = await domainModules();
    const { client, userId } = await verifiedUser();
    const events = await createEvents(operator, 30);
    const stake = 100;
    const answers = await Promise.all(events.map((event) => client.post('/bet/create-new', coinBet(event, stake))));
    const covered = Math.floor(WELCOME_COINS / stake);
    const placed = answers.filter((a) => a.status === 201).length;
    // The others are refused for want of coins, or (30 transactions on one wallet at once) told to try
    // again once the SDK's retries on the conflict ran out: never a 5xx, never a partial write.
    const refused = answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.message}`);
    expect(refused.filter((r) => r !== `404 ${MSG.notEnoughCoins}` && r !== `409 ${MSG.walletBusy}`)).toEqual([]);
    // Never more than the coins cover; and once one was refused for want of coins, the coins were all staked.
    expect(placed).toBeGreaterThan(0);
    expect(placed).toBeLessThanOrEqual(covered);
    if (refused.includes(`404 ${MSG.notEnoughCoins}`)) expect(placed).toBe(covered);

    const coins = await coinsOf(client);
    expect(coins).toBe(WELCOME_COINS - placed * stake);
    const entries = await ledger.listLedger(userId);
    expect(entries.reduce((sum, entry) => sum + entry.coins, 0)).toBe(coins);
    expect(entries.filter((entry) => entry.kind === 'bet')).toHaveLength(placed);
    expect((await client.get('/bet/get-betlist')).body.data).toHaveLength(placed);
  });

  it('20 bets at once on one event: exactly one succeeds', async () => {
    const { client } = await verifiedUser();
    const { event } = await createEvent(operator);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/bet/create-new', coinBet(event, 50))));
    const refused = answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.message}`);
    expect(answers.filter((a) => a.status === 201), `refused: ${refused.join('; ')}`).toHaveLength(1);
    // The others meet the bet already made, or lose the race on the wallet past the retries.
    expect(refused.filter((r) => r !== `402 ${MSG.alreadyBet}` && r !== `409 ${MSG.walletBusy}`)).toEqual([]);
    expect(await coinsOf(client)).toBe(WELCOME_COINS - 50);
  });
});
