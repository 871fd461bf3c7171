// Steps shared by the settlement, operator, notification and ops tests: bettors on an event, the
// settlement domain against the local cloud's table, and waiting for asynchronous work.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { AdminEvent, Wallet } from '#shared/api.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { coinBet, domainModules } from './game-flows.ts';

/** The domain and data modules settlement tests call directly, configured for the cloud's table. */
export async function settlementModules() {
  const { ledger, dynamodb } = await domainModules();
  const [results, settlement, sweep, events, bets] = await Promise.all([
    import('#functions/settlement/results.ts'),
    import('#functions/settlement/settling.ts'),
    import('#functions/settlement/index-sweep.ts'),
    import('#functions/data/events.ts'),
    import('#functions/data/bets.ts'),
  ]);
  return { results, settlement, sweep, events, bets, ledger, dynamodb };
}

/**
 * How long asynchronous work (the table stream's consumers, the queues' workers) may take to catch up:
 * on a busy machine it may be behind another test's thousands of bets. A test waiting on it allows more.
 */
export const ASYNC_BACKLOG_MS = 60_000;

/** Polls `read` until `done` holds for its value (or fails after `timeoutMs`). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = ASYNC_BACKLOG_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

export interface Bettor {
  client: ApiClient;
  userId: string;
  email: string;
  /** 0 or 1: which of the event's teams. */
  team: number;
  amount: number;
}

/** A verified user per stake, each with a coin bet of `amount` on team `team` of the event. */
export async function placeBets(event: Pick<AdminEvent, '_id' | 'teamIds'>, stakes: { team: number; amount: number }[]): Promise<Bettor[]> {
  return Promise.all(
    stakes.map(async ({ team, amount }) => {
      const user = await verifiedUser();
      const placed = await user.client.post('/bet/create-new', { ...coinBet(event, amount), teamId: event.teamIds[team] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return { ...user, team, amount };
    }),
  );
}

export const walletOf = async (client: ApiClient): Promise<Wallet> => (await client.get('/wallet/get-wallet')).body.data;

/** Waits until the event is marked settled (its worker or a direct run finished). */
export async function waitUntilSettled(eventId: string): Promise<void> {
  const { events } = await settlementModules();
  await waitFor(() => events.getEvent(eventId, true), (event) => event?.settledAt !== undefined);
}

/** The welcome grant every verified test user starts with. */
export const WELCOME = 1000;

/** Until the table stream's consumer has recorded these users as bettors of the tournament (whom its reminders reach). */
export async function tournamentBettorsRecorded(tournamentId: string, userIds: string[]): Promise<void> {
  await domainModules(); // the local cloud's table for the data modules
  const reminders = await import('#functions/data/reminders.ts');
  await waitFor(() => reminders.listTournamentBettors(tournamentId), (bettors) => userIds.every((id) => bettors.includes(id)));
}
