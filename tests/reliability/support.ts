// Shared by the reliability suites: a seeded PRNG, reading the table of a local cloud, and the money
// invariants of issue 6 checked on the part of the table a test built (the table is shared).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CloudEnv } from '../../infra/local/cloud-process.ts';
import { checkItems } from '../../scripts/ops/money-audit.ts';
import { isOffLineup } from '../../functions/betting/betting-rules.ts';
import { stakesReturned } from '../../shared/match-results.ts';

export type Item = Record<string, any>;

/** mulberry32: small, fast and fully determined by its seed. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const chance = (p: number) => next() < p;
  /** A copy of `list` in random order. */
  const shuffle = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, pick, chance, shuffle };
}
export type Rng = ReturnType<typeof prng>;

/** The seed from `envName` (to replay), or a fresh one; printed either way. */
export function seedFrom(envName: string, label: string): number {
  const given = process.env[envName];
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed)) throw new Error(`${envName} must be an integer, got ${given}`);
  console.log(`[${label}] seed ${seed} (replay with ${envName}=${seed})`);
  return seed;
}

const clients = new Map<string, DynamoDBDocumentClient>();
function documentClient(env: CloudEnv): DynamoDBDocumentClient {
  let client = clients.get(env.AWS_ENDPOINT_URL_DYNAMODB);
  if (!client) {
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
        region: env.AWS_REGION,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
        maxAttempts: 2,
      }),
    );
    clients.set(env.AWS_ENDPOINT_URL_DYNAMODB, client);
  }
  return client;
}

/** Every item of the cloud's table (consistent reads). */
export async function scanAll(env: CloudEnv): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await documentClient(env).send(new ScanCommand({ TableName: env.TABLE_NAME, ConsistentRead: true, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** What a test built: its users, events and teams (by id), and the tournaments whose cup pools it staked in. */
export interface Scope {
  userIds: string[];
  eventIds: string[];
  teamIds: string[];
  tournamentIds?: string[];
}

/** The items of the scope: its users' partitions, its events, its teams and its tournaments (their pools). */
export function itemsOf(items: Item[], scope: Scope): Item[] {
  const pks = new Set([
    ...scope.userIds.map((id) => `USER#${id}`),
    ...scope.eventIds.map((id) => `EVENT#${id}`),
    ...scope.teamIds.map((id) => `TEAM#${id}`),
    ...(scope.tournamentIds ?? []).map((id) => `TOURNAMENT#${id}`),
  ]);
  return items.filter((item) => pks.has(item.pk));
}

/**
 * The invariants of issue 6 on the scope's items, one line per problem (empty when all holds):
 * the operators' audit (wallet = its ledger, stakes/payouts/refunds agree with bets, no pending bet
 * on a settled event, trophies), plus: no negative balance; total coins and cash equal the sums of the
 * ledger by kind; every decided event settled with each bet settled once; at most one bet per user and
 * event; at most one pending withdrawal per user.
 */
export function invariantProblems(all: Item[], scope: Scope): string[] {
  const items = itemsOf(all, scope);
  const problems = checkItems(items);
  const of = (entity: string) => items.filter((item) => item.entity === entity);
  const wallets = of('wallet');
  const ledger = of('ledger');
  const betList = of('bet');
  const events = of('event');

  if (wallets.length !== scope.userIds.length) problems.push(`${wallets.length} wallets for ${scope.userIds.length} users`);
  for (const w of wallets) {
    for (const field of ['coins', 'cashPaise', 'earnings', 'prizeDebtCoins', 'prizeDebtPaise']) if (w[field] < 0) problems.push(`wallet of ${w.userId}: ${field} negative (${w[field]})`);
  }
  const byKind = (kind: string, field: 'coins' | 'cashPaise') => ledger.filter((e) => e.kind === kind).reduce((sum, e) => sum + e[field], 0);
  const totalCoins = wallets.reduce((sum, w) => sum + w.coins, 0);
  // Corrections are signed; write-offs are the house's coins covering what a bettor no longer had, and
  // their repayments (negative) give them back out of a later correction's credit.
  const expectedCoins =
    byKind('welcome', 'coins') +
    byKind('prize', 'coins') +
    byKind('payout', 'coins') +
    byKind('underdog-bonus', 'coins') +
    byKind('refund', 'coins') +
    byKind('bet', 'coins') +
    byKind('correction', 'coins') +
    byKind('write-off', 'coins') +
    byKind('write-off-repayment', 'coins') +
    byKind('prize-reversal', 'coins') +
    byKind('prize-write-off', 'coins') +
    byKind('prize-write-off-repayment', 'coins') +
    byKind('pool-stake', 'coins') +
    byKind('pool-stake-refund', 'coins') +
    byKind('pool-share', 'coins') +
    byKind('pool-write-off', 'coins') +
    byKind('pool-write-off-repayment', 'coins');
  if (totalCoins !== expectedCoins) problems.push(`total coins ${totalCoins}, grants + credits + payouts + underdog bonuses + refunds + corrections + write-offs - repayments - stakes = ${expectedCoins}`);
  const knownKinds = ['welcome', 'prize', 'payout', 'underdog-bonus', 'refund', 'bet', 'withdrawal', 'withdrawal-refund', 'correction', 'write-off', 'write-off-repayment', 'prize-reversal', 'prize-write-off', 'prize-write-off-repayment', 'pool-stake', 'pool-stake-refund', 'pool-share', 'pool-write-off', 'pool-write-off-repayment'];
  const unknownKinds = ledger.filter((e) => !knownKinds.includes(e.kind));
  if (unknownKinds.length) problems.push(`ledger entries of unknown kinds: ${unknownKinds.map((e) => e.kind).join(',')}`);
  if (ledger.some((e) => (e.kind === 'withdrawal' || e.kind === 'withdrawal-refund') && e.coins !== 0)) problems.push('a withdrawal entry moves coins');
  const totalCash = wallets.reduce((sum, w) => sum + w.cashPaise, 0);
  // A prize reversed takes back the whole prize; its write-off is the house's cash covering what was withdrawn already, repaid by later prizes.
  const expectedCash =
    byKind('prize', 'cashPaise') +
    byKind('withdrawal', 'cashPaise') +
    byKind('withdrawal-refund', 'cashPaise') +
    byKind('prize-reversal', 'cashPaise') +
    byKind('prize-write-off', 'cashPaise') +
    byKind('prize-write-off-repayment', 'cashPaise');
  if (totalCash !== expectedCash) problems.push(`total cash ${totalCash}, credits - withdrawals + rejected - reversed + written off - repaid = ${expectedCash}`);

  // Decided events: settled (a corrected one by its last outcome), each bet settled once (a status other
  // than pending, at most one payout or refund entry: the audit checks the entries against the status).
  for (const event of events.filter((e) => e.decidedAt)) {
    if (!isSettled(event)) problems.push(`event ${event.id}: decided, not settled${event.correction ? ` by correction ${event.correction}` : ''}`);
    // The underdog bonus's split, counted at the first settlement (every event here is settled since it exists).
    if (event.settledAt && !event.backersAtResult) problems.push(`event ${event.id}: settled without its backers at the result`);
    for (const bet of betList.filter((b) => b.eventId === event.id)) {
      // A bet on teams the match no longer has (placed before its teams were changed) is refunded whatever the outcome.
      const offLineup = isOffLineup(event as { teamIds: string[]; lineupVersion?: number }, bet as { teamId: string; eventVersion?: number });
      // A void, a draw and a walkover return the stakes (shared/match-results.ts stakesReturned).
      const expected = stakesReturned(event) || offLineup ? 'refunded' : bet.teamId === event.winnerTeamId ? 'won' : 'lost';
      if (bet.status !== expected) problems.push(`bet of ${bet.userId} on ${event.id}: ${bet.status}, expected ${expected}`);
    }
  }
  // Only a decided match settles a bet: a bet is never refunded while its match is undecided.
  for (const bet of betList.filter((b) => b.status !== 'pending')) {
    const event = events.find((e) => e.id === bet.eventId);
    if (!event?.decidedAt) problems.push(`bet of ${bet.userId} on ${bet.eventId}: ${bet.status} on an undecided event`);
  }
  const betKeys = betList.map((b) => `${b.userId}|${b.eventId}`);
  if (new Set(betKeys).size !== betKeys.length) problems.push('two bets of one user on one event');
  const stakeKeys = ledger.filter((e) => e.kind === 'bet').map((e) => `${e.userId}|${e.entryId}`);
  if (stakeKeys.length !== betList.length) problems.push(`${stakeKeys.length} stake entries for ${betList.length} bets`);

  const withdrawals = of('withdrawal');
  for (const userId of scope.userIds) {
    const pending = withdrawals.filter((w) => w.userId === userId && w.status === 'pending');
    if (pending.length > 1) problems.push(`user ${userId}: ${pending.length} pending withdrawals`);
    const marker = items.find((i) => i.pk === `USER#${userId}` && i.sk === 'PENDING_WITHDRAWAL');
    if (pending.length === 1 && marker?.withdrawalId !== pending[0].id) problems.push(`user ${userId}: pending withdrawal without its marker`);
    if (pending.length === 0 && marker) problems.push(`user ${userId}: a pending marker and no pending withdrawal`);
  }
  for (const w of withdrawals) {
    const debit = ledger.find((e) => e.userId === w.userId && e.entryId === `withdrawal#${w.id}`);
    const refund = ledger.find((e) => e.userId === w.userId && e.entryId === `withdrawal-refund#${w.id}`);
    if (debit?.cashPaise !== -w.amountPaise) problems.push(`withdrawal ${w.id}: debit entry ${debit?.cashPaise ?? 'none'}`);
    if ((w.status === 'rejected') !== (refund?.cashPaise === w.amountPaise)) problems.push(`withdrawal ${w.id} (${w.status}): refund entry ${refund?.cashPaise ?? 'none'}`);
  }
  return problems;
}

/** The invariants, read again (up to 3 times) while a read disagrees: settlement may still be committing. */
export async function checkInvariants(env: CloudEnv, scope: Scope): Promise<string[]> {
  let problems: string[] = [];
  for (let read = 1; read <= 3; read++) {
    problems = invariantProblems(await scanAll(env), scope);
    if (problems.length === 0) return problems;
    await sleep(300);
  }
  return problems;
}

/** Every bet settled by the event's current outcome: the first result's, or its last correction's. */
const isSettled = (event: Item) => event.settledAt !== undefined && (event.settledGeneration ?? 0) === (event.correction ?? 0);

/** Waits until every decided event of the scope is settled (by its last correction too), bounded. */
export async function waitForSettlement(env: CloudEnv, scope: Scope, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = itemsOf(await scanAll(env), scope).filter((item) => item.entity === 'event');
    const waiting = events.filter((e) => e.decidedAt && !isSettled(e));
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`settlement not done after ${timeoutMs} ms: ${waiting.map((e) => e.id).join(', ')}`);
    await sleep(200);
  }
}

/** Waits until every cup pool of the scope whose share was asked for has been shared (bounded). */
export async function waitForPoolShares(env: CloudEnv, scope: Scope, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pools = itemsOf(await scanAll(env), scope).filter((item) => item.entity === 'pool');
    const waiting = pools.filter((pool) => pool.shareVersion > 0 && pool.sharedVersion !== pool.shareVersion);
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`pool share not done after ${timeoutMs} ms: ${waiting.map((pool) => pool.tournamentId).join(', ')}`);
    await sleep(500);
  }
}

/** Runs `tasks` with at most `limit` at once. */
export async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

/** The pid of the local cloud's queue-worker process (infra/local/worker-process.ts), once one runs within `timeoutMs`. */
export async function workerProcessOf(cloudPid: number, timeoutMs: number): Promise<number | undefined> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(20)) {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== cloudPid) continue;
      const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      if (commandLine.includes('worker-process.ts\0queues')) return Number(entry);
    }
  }
  return undefined;
}
