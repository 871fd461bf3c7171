// A bet in one transaction meets the organiser's changes of betting on every gate (docs/architecture.md,
// "A bet in one transaction"): a pause, a result or the start that lands while the bet is on its way
// refuses it with nothing written; a bet that commits first stands and is settled by the result. The
// bet is placed in this process (placeBet, as the handler calls it) against the run's cloud with its
// conflict layer on; an SDK middleware of this process runs the organiser's change at the moment the
// bet's transaction is about to leave, or alongside it.
import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminEvent } from '#shared/api.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, domainModules, operatorClient } from './game-flows.ts';
import { settlementModules, waitUntilSettled, walletOf, WELCOME } from './settlement-flows.ts';

const STAKE = 100;
let operator: ApiClient;
/** What to run as the bet's transaction is about to be sent, once; `alongside` runs it without waiting for it. */
let onTheBet: { eventId: string; change: () => Promise<unknown>; alongside?: boolean; started?: Promise<unknown> } | undefined;

beforeAll(async () => {
  operator = await operatorClient();
  const { dynamodb } = await domainModules();
  dynamodb.db.middlewareStack.add(
    (next, { commandName }) =>
      async (args) => {
        const hook = onTheBet;
        if (hook && String(commandName).startsWith('TransactWrite') && JSON.stringify(args.input).includes(`BET#${hook.eventId}`)) {
          onTheBet = undefined;
          if (hook.alongside) hook.started = hook.change();
          else await hook.change();
        }
        return next(args);
      },
    { step: 'build', name: 'changeOnTheBet' },
  );
});

afterEach(() => {
  onTheBet = undefined;
  vi.restoreAllMocks();
});

/** The bet's gate, chosen: placeBet picks one at random. */
async function onGate(gate: number) {
  const { gateCount } = await import('#functions/data/betting-gates.ts');
  vi.spyOn(Math, 'random').mockReturnValue((gate + 0.5) / gateCount());
}

async function placeOnGate(gate: number, event: AdminEvent, userId: string) {
  const betting = await import('#functions/betting/betting.ts');
  await onGate(gate);
  return betting.placeBet(userId, { eventId: event._id, teamId: event.teamIds[0] ?? '', betWay: 'coin', amount: STAKE });
}

const pause = (event: AdminEvent) => async () => expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(200);
const result = (event: AdminEvent) => async () => expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: event.teamIds[0] })).status).toBe(202);

async function expectNothingMoved(bettor: Awaited<ReturnType<typeof verifiedUser>>, eventId: string) {
  const { bets, ledger } = await settlementModules();
  expect(await bets.getBet(bettor.userId, eventId)).toBeUndefined();
  expect((await ledger.listLedger(bettor.userId)).filter((entry) => entry.kind !== 'welcome')).toEqual([]);
  expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME });
}

describe('a change of betting landing while a bet is on its way', async () => {
  const { gateCount } = await import('#functions/data/betting-gates.ts');
  const gates = Array.from({ length: gateCount() }, (_, gate) => gate);

  it.each(gates)('a pause landing first refuses the bet on gate %i (409 betting closed), writing nothing', { timeout: 60_000 }, async (gate) => {
    const { event } = await createEvent(operator);
    const bettor = await verifiedUser();
    onTheBet = { eventId: event._id, change: pause(event) };
    await expect(placeOnGate(gate, event, bettor.userId)).rejects.toMatchObject({ code: 'betting-closed' });
    await expectNothingMoved(bettor, event._id);
  });

  it.each(gates)('a result landing first refuses the bet on gate %i, and settlement never sees it', { timeout: 90_000 }, async (gate) => {
    const { event } = await createEvent(operator);
    const bettor = await verifiedUser();
    onTheBet = { eventId: event._id, change: result(event) };
    await expect(placeOnGate(gate, event, bettor.userId)).rejects.toMatchObject({ code: 'betting-closed' });
    await waitUntilSettled(event._id);
    await expectNothingMoved(bettor, event._id);
  });

  it('the start passing while the bet is on its way (its gate held by another bet until then) refuses it, writing nothing', { timeout: 60_000 }, async () => {
    const { event } = await createEvent(operator, { time: new Date(Date.now() + 3_000).toISOString() });
    const bettor = await verifiedUser();
    const startsAt = Date.parse(event.time);
    // The bet's first try meets its gate held by another bet until after the start; the next try is judged
    // by the clock as it is sent again (the start needs no write: every gate holds it).
    onTheBet = {
      eventId: event._id,
      change: async () => {
        await sleep(Math.max(0, startsAt - Date.now() + 50));
        const reasons = ['None', 'None', 'None', 'TransactionConflict', 'None'].map((Code) => ({ Code }));
        throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons });
      },
    };
    await expect(placeOnGate(0, event, bettor.userId)).rejects.toMatchObject({ code: 'betting-closed' });
    await expectNothingMoved(bettor, event._id);
  });

  it.each(gates)('a result sent alongside the bet on gate %i: placed and paid, or refused with nothing written, never both', { timeout: 90_000 }, async (gate) => {
    const { event } = await createEvent(operator);
    const bettor = await verifiedUser();
    const hook = { eventId: event._id, change: result(event), alongside: true } as NonNullable<typeof onTheBet>;
    onTheBet = hook;
    const placed = await placeOnGate(gate, event, bettor.userId).then(
      () => true,
      (error: { code?: string }) => {
        expect(error.code).toBe('betting-closed');
        return false;
      },
    );
    await hook.started;
    await waitUntilSettled(event._id);
    if (!placed) return expectNothingMoved(bettor, event._id);
    const { bets } = await settlementModules();
    expect((await bets.getBet(bettor.userId, event._id))?.status).toBe('won');
    expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME - STAKE + Math.floor(1.5 * STAKE) });
  });

  it('a bet that committed before the pause stands: the pause waits for its gate, then closes every one', { timeout: 60_000 }, async () => {
    const { event } = await createEvent(operator);
    const bettor = await verifiedUser();
    await placeOnGate(0, event, bettor.userId);
    await pause(event)();
    const other = await verifiedUser();
    for (const gate of gates) await expect(placeOnGate(gate, event, other.userId)).rejects.toMatchObject({ code: 'betting-closed' });
    const { bets } = await settlementModules();
    expect((await bets.getBet(bettor.userId, event._id))?.status).toBe('pending');
  });
});
