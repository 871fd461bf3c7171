// The close protocol's answer when settlement holds a bet as the bettor's request reaches it (issue 19
// §3): a bet that the event's settlement refunds while the bettor's own request is accepting or refunding
// it answers the closing message, never 'Someone else is changing this right now'. DynamoDB answers a
// write of an item another transaction holds with a conflict; here the bettor's writes of their bet get
// that answer (an SDK middleware of this process, the request's process) for as long as the test says,
// while the real settlement worker of the local cloud refunds the bet.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TransactionConflictException } from '@aws-sdk/client-dynamodb';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, domainModules, operatorClient } from './game-flows.ts';
import { settlementModules, waitFor, WELCOME, walletOf } from './settlement-flows.ts';

type Item = Record<string, { S?: string } | undefined>;

let operator: ApiClient;
/** The bet whose writes are refused as held by another transaction, and what to do at the first one. */
let held: { userId: string; eventId: string; firstRefusal?: () => Promise<void> } | undefined;

/** Whether a marshalled command writes the bet (an UpdateItem, or a TransactWriteItems with it). */
function writesBet(commandName: string, input: { Key?: Item; TransactItems?: { Update?: { Key: Item } }[] }, bet: { userId: string; eventId: string }): boolean {
  const isBet = (key?: Item) => key?.pk?.S === `USER#${bet.userId}` && key.sk?.S === `BET#${bet.eventId}`;
  if (commandName === 'UpdateItemCommand') return isBet(input.Key);
  if (commandName === 'TransactWriteItemsCommand') return (input.TransactItems ?? []).some((item) => isBet(item.Update?.Key));
  return false;
}

beforeAll(async () => {
  operator = await operatorClient();
  const { dynamodb } = await domainModules();
  dynamodb.db.middlewareStack.add(
    (next, { commandName }) =>
      async (args) => {
        const bet = held;
        if (!bet || !writesBet(String(commandName), args.input as never, bet)) return next(args);
        const first = bet.firstRefusal;
        bet.firstRefusal = undefined;
        await first?.();
        // As DynamoDB answers a single write of an item in a transaction in flight; a transaction's own
        // conflict is the same kind of refusal for the code under test (lib/dynamodb.ts lostTransactionRace).
        throw new TransactionConflictException({ message: 'Transaction is ongoing for the item', $metadata: {} });
      },
    { step: 'build', name: 'holdTheBet' },
  );
});

/**
 * Places a bet in this process while its every write of the bet is refused as held; at the first such
 * write the result is declared and the local cloud's settlement worker refunds the bet (not yet accepted).
 * The bettor must get the closing message.
 */
async function expectClosingWhileSettlementRefunds(event: { _id: string; teamIds: string[] }, userId: string): Promise<void> {
  const [betting, { bets }] = await Promise.all([import('#functions/betting/betting.ts'), settlementModules()]);
  held = {
    userId,
    eventId: event._id,
    firstRefusal: async () => {
      expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: event.teamIds[0] })).status).toBe(202);
      await waitFor(() => bets.getBet(userId, event._id), (bet) => bet?.status === 'refunded');
    },
  };
  try {
    const placing = betting.placeBet(userId, { eventId: event._id, teamId: event.teamIds[0], betWay: 'coin', amount: 100 });
    await expect(placing).rejects.toMatchObject({ code: 'bet-refunded-closed' });
  } finally {
    held = undefined;
  }
}

describe('a bet settlement refunds while the bettor accepts or refunds it', () => {
  it('answers the closing message (never "try again") and gives the stake back once', { timeout: 120_000 }, async () => {
    const { event } = await createEvent(operator);
    const bettor = await verifiedUser();
    // At the bettor's first write of the bet (its acceptance) the result is declared and settlement,
    // finding the bet not yet accepted, refunds it; every write of the bet by the bettor's request is
    // refused as held meanwhile.
    await expectClosingWhileSettlementRefunds(event, bettor.userId);
    expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME });
    const { ledger } = await domainModules();
    expect((await ledger.listLedger(bettor.userId)).filter((e) => e.kind === 'refund').map((e) => e.coins)).toEqual([100]);
  });

  it('answers the closing message when its own refund meets settlement refunding the same bet', { timeout: 120_000 }, async () => {
    const { event } = await createEvent(operator);
    const bettor = await verifiedUser();
    const { events } = await settlementModules();
    // Betting closes (a pause) between the bet's transaction and its second read of the event, so the
    // bettor refunds it; settlement (the result declared at that moment) refunds it too, and wins.
    let paused = false;
    const { dynamodb } = await domainModules();
    const pauseAfterTheBet = (next: (args: unknown) => Promise<unknown>, commandName: string) => async (args: { input: { TransactItems?: unknown[] } }) => {
      const answer = await next(args);
      if (!paused && commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes(`BET#${event._id}`)) {
        paused = true;
        expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(200);
      }
      return answer;
    };
    const name = `pauseAfterTheBet-${randomUUID()}`;
    dynamodb.db.middlewareStack.add((next, { commandName }) => pauseAfterTheBet(next as never, String(commandName)) as never, { step: 'build', name });
    try {
      await expectClosingWhileSettlementRefunds(event, bettor.userId);
    } finally {
      dynamodb.db.middlewareStack.remove(name);
    }
    expect((await events.getEvent(event._id, true))?.decidedAt).toBeDefined();
    expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: WELCOME });
  });
});
