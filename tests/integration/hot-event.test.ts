// The whole hostel bets on one match at once, through the gateway and the conflict-faithful DynamoDB
// endpoint: no bettor waits on another, an operator's pause in the rush succeeds, and settlement pays
// each placed bet exactly once while every bet refused moved no coin (a bet in one transaction).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '#shared/api.ts';
import { API_BASE_PATH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { payoutFor } from '#functions/betting/betting-rules.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import type { ApiClient } from '../helpers/api.ts';
import { testCloudEnv, testJwtSecret, useOwnCloud } from '../helpers/cloud-under-test.ts';
import * as fixture from '../../scripts/bench/bettors.ts';
import type { Bettor } from '../../scripts/bench/bettors.ts';
import { checkInvariants } from '../reliability/support.ts';
import { CLOUD_BET_GATES } from '../../infra/bet-gates.ts';
import { baseUrl } from './accounts-flows.ts';
import { createEvent, operatorClient } from './game-flows.ts';
import { waitUntilSettled, WELCOME } from './settlement-flows.ts';

const BETTORS = 300;
const STAKE = 100;
/** 300 bets and their settlement take ~20 s on a quiet 2-core machine; far longer when it is busy. */
const RUSH_TIMEOUT_MS = 240_000;

let operator: ApiClient;
let stopOwnCloud: (() => Promise<void>) | undefined;
afterAll(() => stopOwnCloud?.());

beforeAll(async () => {
  // The cloud's number of betting gates, as a hot event has them in AWS (the test's own process writes none).
  stopOwnCloud = await useOwnCloud({ BET_GATES: String(CLOUD_BET_GATES) }); // see tests/helpers/cloud-under-test.ts
  Object.assign(process.env, testCloudEnv(), { JWT_SECRET: testJwtSecret(), BET_GATES: String(CLOUD_BET_GATES) });
  useTestEnv();
  operator = await operatorClient();
});

/** Bettors written straight to the table with open sessions, as the bet benchmarks make them (registering 300 through the API would cost 300 scrypt hashes: minutes). */
async function createBettors(count: number): Promise<Bettor[]> {
  return fixture.createBettors(await fixture.domainModules(), count);
}

/** One bet through the gateway as the web app sends it: the status and the message. */
async function bet(bettor: Bettor, event: AdminEvent, team: number): Promise<{ status: number; message: string }> {
  const response = await fetch(`${baseUrl()}${API_BASE_PATH}/bet/create-new`, {
    method: 'POST',
    headers: { cookie: bettor.cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify({ eventId: event._id, teamId: event.teamIds[team], betWay: 'coin', amount: STAKE }),
  });
  const body = (await response.json()) as { message: string };
  return { status: response.status, message: body.message };
}

async function coinsOf(bettor: Bettor): Promise<number> {
  const response = await fetch(`${baseUrl()}${API_BASE_PATH}/wallet/get-wallet`, { headers: { cookie: bettor.cookie } });
  const body = (await response.json()) as { data?: { totalCoins: number }; message?: string };
  if (response.status !== 200 || !body.data) throw new Error(`wallet of ${bettor.userId}: ${response.status} ${JSON.stringify(body)}`);
  return body.data.totalCoins;
}

async function settle(event: AdminEvent, winner: number): Promise<void> {
  const declared = await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: event.teamIds[winner] });
  expect(declared.status, JSON.stringify(declared.body)).toBe(202);
  await waitUntilSettled(event._id);
}

describe(`${BETTORS} bettors on one event at once`, () => {
  it('accepts every bet (201: none refused for contention, none 5xx), then settles each exactly once', async () => {
    const { event, teams } = await createEvent(operator);
    const bettors = await createBettors(BETTORS);
    const answers = await Promise.all(bettors.map((bettor, i) => bet(bettor, event, i % 2)));
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);

    await settle(event, 0);
    const wallets = await Promise.all(bettors.map(coinsOf));
    wallets.forEach((coins, i) => expect(coins).toBe(WELCOME - STAKE + (i % 2 === 0 ? payoutFor(STAKE) : 0)));
    const scope = { userIds: bettors.map((b) => b.userId), eventIds: [event._id], teamIds: teams.map((t) => t._id) };
    expect(await checkInvariants(testCloudEnv(), scope)).toEqual([]);
  }, RUSH_TIMEOUT_MS);

  it('lets the operator pause in the middle of the rush (2xx); a bet placed is settled by the result, one the pause closed betting under is refused and moves no coin', async () => {
    const { event, teams } = await createEvent(operator);
    const bettors = await createBettors(BETTORS);
    // The bets go out over ~1.5 s, as a crowd's taps do; the pause halfway through, with bets in flight.
    let pause: Promise<{ status: number }> | undefined;
    let pauseSentAt = Infinity;
    const answeredAt: number[] = [];
    const answers = await Promise.all(
      bettors.map(async (bettor, i) => {
        await sleep(i * 5);
        if (i === BETTORS / 2) {
          pauseSentAt = Date.now();
          pause = operator.patch(`/admin/events/${event._id}`, { isBetActive: false });
        }
        const answer = await bet(bettor, event, i % 2);
        answeredAt.push(Date.now());
        return answer;
      }),
    );
    expect((await pause!).status).toBe(200);
    // After a pause, a bet is refused (betting closed), never a 5xx: see expectSettledByTheRule.
    const accepted = answers.filter((a) => a.status === 201).length;
    expect(accepted).toBeGreaterThan(0);
    // The pause met bets in flight. On a quiet machine it cuts the rush (some bets refused); on a busy one
    // the bets' transactions on the gates may hold it off until the last of them commits, all placed.
    expect(answeredAt.filter((at) => at > pauseSentAt).length).toBeGreaterThan(0);
    console.log(`[hot event] pause in the rush: ${accepted} placed, ${answers.filter((a) => a.message === MSG.bettingClosed).length} refused`);
    // Once paused, nobody gets in.
    expect(await bet((await createBettors(1))[0], event, 0)).toEqual({ status: 409, message: MSG.bettingClosed });

    await settle(event, 0);
    await expectSettledByTheRule(bettors.map((bettor, i) => ({ bettor, event, team: i % 2, answer: answers[i] })), 0);
    const scope = { userIds: bettors.map((b) => b.userId), eventIds: [event._id], teamIds: teams.map((t) => t._id) };
    expect(await checkInvariants(testCloudEnv(), scope)).toEqual([]);
  }, RUSH_TIMEOUT_MS);

  it('lets the operator pause, reopen, declare a result and void in the middle of a rush (all 2xx); every bet placed is settled by the outcome', async () => {
    const [decided, voided] = await Promise.all([createEvent(operator), createEvent(operator)]);
    const bettors = await createBettors(BETTORS);
    const planOf = (i: number) => ({ event: i % 2 === 0 ? decided.event : voided.event, team: (i >> 1) % 2 });
    const operatorCalls: Promise<{ status: number }>[] = [];
    const id = decided.event._id;
    // One operator acts on one event in turn, as a person clicks: each action is sent at its point in the
    // rush or, when the one before it is still being answered (a busy machine), as soon as it is.
    let lastOnEvent: Promise<unknown> = Promise.resolve();
    const inTurn = (action: () => Promise<{ status: number }>) => {
      const answered = lastOnEvent.then(action);
      lastOnEvent = answered;
      operatorCalls.push(answered);
    };
    const answers = await Promise.all(
      bettors.map(async (bettor, i) => {
        await sleep(i * 5);
        if (i === BETTORS / 5) inTurn(() => operator.patch(`/admin/events/${id}`, { isBetActive: false }));
        if (i === (2 * BETTORS) / 5) inTurn(() => operator.patch(`/admin/events/${id}`, { isBetActive: true }));
        if (i === BETTORS / 2) operatorCalls.push(operator.post(`/admin/events/${voided.event._id}/result`, { void: true }));
        if (i === (3 * BETTORS) / 5) inTurn(() => operator.post(`/admin/events/${id}/result`, { winnerTeamId: decided.event.teamIds[0] }));
        const { event, team } = planOf(i);
        return bet(bettor, event, team);
      }),
    );
    // Pause, reopen, void, result: none waits on a bettor.
    expect((await Promise.all(operatorCalls)).map((answer) => answer.status)).toEqual([200, 200, 202, 202]);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    await Promise.all([waitUntilSettled(id), waitUntilSettled(voided.event._id)]);
    await expectSettledByTheRule(bettors.map((bettor, i) => ({ bettor, ...planOf(i), answer: answers[i] })), 0);
    const scope = {
      userIds: bettors.map((b) => b.userId),
      eventIds: [id, voided.event._id],
      teamIds: [...decided.teams, ...voided.teams].map((t) => t._id),
    };
    expect(await checkInvariants(testCloudEnv(), scope)).toEqual([]);
  }, RUSH_TIMEOUT_MS);
});

/**
 * The one-trip bet's promise, per bettor: a bet answered 201 is settled by the outcome exactly once (a
 * voided event refunds it); any other answer is a 409 saying betting closed, and no bet and no coin moved.
 */
async function expectSettledByTheRule(plays: { bettor: Bettor; event: AdminEvent; team: number; answer: { status: number; message: string } }[], winner: number) {
  const { bets, events } = await fixture.domainModules();
  for (const { bettor, event, team, answer } of plays) {
    const [placed, coins, decided] = await Promise.all([bets.getBet(bettor.userId, event._id), coinsOf(bettor), events.getEvent(event._id, true)]);
    if (answer.status === 201) {
      expect(placed?.createdAt).toEqual(expect.any(String));
      const won = !decided?.isVoid && team === winner;
      expect(placed?.status).toBe(decided?.isVoid ? 'refunded' : won ? 'won' : 'lost');
      expect(coins).toBe(decided?.isVoid ? WELCOME : WELCOME - STAKE + (won ? payoutFor(STAKE) : 0));
    } else {
      expect(answer).toEqual({ status: 409, message: MSG.bettingClosed });
      expect(placed, JSON.stringify(placed)).toBeUndefined();
      expect(coins).toBe(WELCOME);
    }
  }
}
