// Steps shared by the game, bet, wallet and admin integration tests: the operator, a catalogue to bet
// on, and direct access to the domain modules (against the local cloud's DynamoDB) for what no
// endpoint does yet, such as crediting cash.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import type { ApiClient } from '../helpers/api.ts';
import { testCloudEnv } from '../helpers/cloud-under-test.ts';
import { newClient } from './accounts-flows.ts';

export const OPERATOR = { email: 'admin@betplaywin.local', password: 'admin-password-123' };

export async function operatorClient(): Promise<ApiClient> {
  const client = newClient();
  const login = await client.post('/user/login-user', OPERATOR);
  if (login.status !== 200) throw new Error(`operator login answered ${login.status}`);
  return client;
}

/** The answer's data after checking its status. */
async function dataOf<T>(answer: Promise<{ status: number; body: { data: T } }>, status: number): Promise<T> {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body.data;
}

const HOUR_MS = 60 * 60 * 1000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

export const createTournament = (operator: ApiClient, title = `Cup ${randomUUID().slice(0, 8)}`) =>
  dataOf<AdminTournament>(operator.post('/admin/tournaments', { title, previewImg: '/demo/cricket.svg' }), 201);

export const createTeam = (operator: ApiClient, teamName = `Team ${randomUUID().slice(0, 8)}`) =>
  dataOf<AdminTeam>(operator.post('/admin/teams', { teamName, teamRank: 1, members: [{ name: 'Asha' }, { name: 'Ravi' }] }), 201);

export interface EventOptions {
  tournamentId?: string;
  time?: string;
  isBetActive?: boolean;
}

/** An event between two new teams (in a new tournament unless given), open for bets unless told. */
export async function createEvent(operator: ApiClient, options: EventOptions = {}) {
  const tournamentId = options.tournamentId ?? (await createTournament(operator))._id;
  const teams = [await createTeam(operator), await createTeam(operator)];
  const event = await dataOf<AdminEvent>(
    operator.post('/admin/events', { tournamentId, time: options.time ?? hoursFromNow(2), teamIds: teams.map((t) => t._id) }),
    201,
  );
  if (options.isBetActive === false) await dataOf(operator.patch(`/admin/events/${event._id}`, { isBetActive: false }), 200);
  return { event, teams, tournamentId };
}

/**
 * `count` events of one new tournament between the same two teams, a few at a time: each creation's
 * transaction checks the same tournament and team items, and dozens at once lose that race past their
 * retries on a loaded machine (an operator makes events one by one; the tests use them for what follows).
 */
export async function createEvents(operator: ApiClient, count: number): Promise<AdminEvent[]> {
  const tournament = await createTournament(operator);
  const teamIds = [(await createTeam(operator))._id, (await createTeam(operator))._id];
  const created: AdminEvent[] = [];
  await forEachLimit(Array.from({ length: count }, (_, i) => i), EVENT_CREATION_CONCURRENCY, async (i) => {
    const create = () => operator.post('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(2 + i), teamIds });
    // Still losing after the server's retries is a 409 'try again' (nothing written): try again, as the console's user would.
    let answer = await create();
    for (let retry = 0; retry < 3 && answer.status === 409 && answer.body.message === MSG.busyTryAgain; retry++) answer = await create();
    created[i] = await dataOf<AdminEvent>(Promise.resolve(answer), 201);
  });
  return created;
}
const EVENT_CREATION_CONCURRENCY = 4;

export const coinBet = (event: { _id: string; teamIds: string[] }, amount = 100) => ({
  eventId: event._id,
  teamId: event.teamIds[0],
  betWay: 'coin',
  amount,
});

/** The functions' own modules, configured for the local cloud's table. */
export async function domainModules() {
  Object.assign(process.env, testCloudEnv());
  useTestEnv();
  const [wallet, demoSeed, ledger, users, dynamodb] = await Promise.all([
    import('#functions/wallet/prizes.ts'),
    import('../../infra/local/demo-seed.ts'),
    import('#functions/data/ledger.ts'),
    import('#functions/data/users.ts'),
    import('#functions/platform/dynamodb.ts'),
  ]);
  return { wallet, demoSeed, ledger, users, dynamodb };
}
