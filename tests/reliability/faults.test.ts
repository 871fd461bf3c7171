// Faults (issue 6): a separate local cloud (its own DATA_DIR) is killed with SIGKILL, its whole process
// group (gateway, settlement worker, DynamoDB Local), at a seeded random point while it settles, then
// restarted on the same DATA_DIR and port. Settlement must finish from the durable queue, nothing may
// be half-applied or applied twice, and credits in flight at the kill, retried with the same creditId,
// apply once; then every result is corrected and the worker killed again while it re-settles.
// FAULTS_SEED=<n> replays a run. Then, on the shared cloud: the same request sent twice
// at once (a bet, a withdrawal decision, a credit with one creditId) applies once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AdminEvent } from '#shared/api.ts';
import { payoutFor } from '#functions/betting/betting-rules.ts';
import { underdogBonus } from '#shared/underdog.ts';
import { dynamoDbAccess, startCloudProcess, type CloudEnv } from '../../infra/local/cloud-process.ts';
import { repoRoot } from '../../infra/local/paths.ts';
import { createClient, type ApiClient } from '../helpers/api.ts';
import { extractLink, waitForMail } from '../helpers/mail.ts';
import { PASSWORD, uniqueEmail, verifiedUser, verifyPath } from '../integration/accounts-flows.ts';
import { coinBet, createEvent, createEvents, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { walletOf } from '../integration/settlement-flows.ts';
import { cloudEnv } from '../setup/global-setup.ts';
import { checkInvariants, type Item, itemsOf, prng, type Rng, runLimited, type Scope, scanAll, seedFrom, waitForSettlement, workerProcessOf } from './support.ts';

/** Our environment minus what vitest adds, as the harness starts its cloud. */

/** Kills a process group at once (no cleanup: that is the fault). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function waitGone(pid: number, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`process group ${pid} still alive`);
}

/** `infra/local/start.ts` again on an existing DATA_DIR and port (startCloudProcess always makes new ones). */
async function restartCloud(dataDir: string, port: number, logFile: string): Promise<{ pid: number; cloudEnv: CloudEnv; child: ChildProcess }> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--no-build'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...cloudEnv(), PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const output = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('restarted cloud: no "Ready" within 180 s')), 180_000);
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (/^Ready in /m.test(seen)) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`restarted cloud exited with code ${code}: ${seen}`));
    });
  });
  return { pid: child.pid!, cloudEnv: dynamoDbAccess(output, port), child };
}

/** A verified, logged-in user of the cloud at `baseUrl`. */
async function verifiedUserOf(baseUrl: string): Promise<{ client: ApiClient; userId: string }> {
  const client = createClient(baseUrl);
  const email = uniqueEmail();
  const created = await client.post('/user/create-user', { userName: 'Faulty', email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await client.post('/user/create-email-verification', { email });
  const mail = await waitForMail(baseUrl, email, (m) => m.text.includes('/auth/verify?'));
  const verified = await client.post(verifyPath(new URL(extractLink(mail, '/auth/verify'))));
  expect(verified.status).toBe(200);
  return { client, userId: created.body.data._id };
}

const USERS = 8;
const EVENTS = 3;

type Outcome = { void: true; winnerTeamId?: undefined } | { winnerTeamId: string; void?: undefined };
interface Scenario {
  operator: ApiClient;
  users: { client: ApiClient; userId: string }[];
  events: AdminEvent[];
  scope: Scope;
  stakes: Map<string, { team: number; amount: number }>;
  outcomes: Outcome[];
}

/** USERS users each bet on each of EVENTS events (random team and stake), and random outcomes to post. */
async function bettingScenario(baseUrl: string, rng: Rng): Promise<Scenario> {
  const operator = createClient(baseUrl);
  expect((await operator.post('/user/login-user', OPERATOR)).status).toBe(200);
  const users = await Promise.all(Array.from({ length: USERS }, () => verifiedUserOf(baseUrl)));
  const events: AdminEvent[] = await createEvents(operator, EVENTS);
  const scope: Scope = { userIds: users.map((u) => u.userId), eventIds: events.map((e) => e._id), teamIds: [...new Set(events.flatMap((e) => e.teamIds))] };
  const stakes = new Map<string, { team: number; amount: number }>();
  await runLimited(
    users.flatMap((user) =>
      events.map((event) => async () => {
        const bet = { team: rng.int(0, 1), amount: rng.int(50, 300) };
        const res = await user.client.post('/bet/create-new', { ...coinBet(event, bet.amount), teamId: event.teamIds[bet.team] });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        stakes.set(`${user.userId}|${event._id}`, bet);
      }),
    ),
    8,
  );
  const outcomes = events.map((event): Outcome => (rng.chance(0.25) ? { void: true } : { winnerTeamId: event.teamIds[rng.int(0, 1)] }));
  return { operator, users, events, scope, stakes, outcomes };
}

/** Posts every result; each is accepted (202) once the queue holds its settlement. */
async function postResults({ operator, events, outcomes }: Scenario): Promise<void> {
  const answers = await Promise.all(events.map((event, i) => operator.post(`/admin/events/${event._id}/result`, outcomes[i])));
  expect(answers.map((a) => a.status)).toEqual(events.map(() => 202));
}

/** The event's bettors per team: every user bet on every event. */
function splitOf(event: AdminEvent, users: Scenario['users'], stakes: Scenario['stakes']): Record<string, number> {
  const split: Record<string, number> = {};
  for (const user of users) {
    const teamId = event.teamIds[stakes.get(`${user.userId}|${event._id}`)!.team];
    split[teamId] = (split[teamId] ?? 0) + 1;
  }
  return split;
}

/**
 * Each user's coins from the model: welcome - stakes + payouts (and underdog bonuses) and refunds + what was credited, each once.
 * After corrections (`outcomes` the corrected ones) the coins are those of the last outcome; the entries
 * behind them are the audit's to check.
 */
function expectCoinsAsModelled(items: Item[], { users, events, stakes, outcomes }: Scenario, credited: Map<string, number>, seed: number, corrected = false): void {
  for (const user of users) {
    let expected = 1000 + (credited.get(user.userId) ?? 0);
    events.forEach((event, i) => {
      const { team, amount } = stakes.get(`${user.userId}|${event._id}`)!;
      expected -= amount;
      if (outcomes[i].void) expected += amount;
      // A win on a side fewer than a fifth of the event's bettors backed earns the underdog bonus too.
      else if (outcomes[i].winnerTeamId === event.teamIds[team]) expected += payoutFor(amount) + underdogBonus(splitOf(event, users, stakes), event.teamIds[team]);
    });
    const wallet = items.find((i) => i.entity === 'wallet' && i.userId === user.userId);
    expect(wallet?.coins, `user ${user.userId}, seed ${seed}`).toBe(expected);
    const payouts = items.filter((i) => i.entity === 'ledger' && i.userId === user.userId && (i.kind === 'payout' || i.kind === 'refund'));
    const due = events.filter((event, i) => outcomes[i].void || outcomes[i].winnerTeamId === event.teamIds[stakes.get(`${user.userId}|${event._id}`)!.team]);
    if (!corrected) expect(payouts.length, `payouts of ${user.userId}, seed ${seed}`).toBe(due.length);
    expect(items.filter((i) => i.entity === 'ledger' && i.userId === user.userId && i.kind === 'prize')).toHaveLength(credited.has(user.userId) ? 1 : 0);
  }
}

describe('faults: the cloud killed while it settles', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  // Its waits: a cloud started and restarted (up to 3 minutes each on a busy machine), the bets, the settlement.
  it('finishes settlement after a restart, each winner paid once, retried credits applied once', { timeout: 480_000 }, async () => {
    const seed = seedFrom('FAULTS_SEED', 'faults');
    const rng = prng(seed);

    const cloud = await startCloudProcess({ env: cloudEnv(), dataDirPrefix: 'bpw-faults-' });
    let pid = cloud.pid;
    cleanup.push(async () => {
      killGroup(pid);
      await waitGone(pid).catch(() => undefined);
      await rm(cloud.dataDir, { recursive: true, force: true });
      await rm(cloud.logFile, { force: true });
    });
    const port = Number(new URL(cloud.baseUrl).port);
    const scenario = await bettingScenario(cloud.baseUrl, rng);
    const { operator, users, scope } = scenario;
    const credits = users.map((user) => ({ user, creditId: randomUUID(), coins: rng.int(1, 100) }));

    // Results posted (accepted: the queue holds the settlement), credits in flight, then the kill.
    await postResults(scenario);
    const killAfterMs = rng.chance(0.5) ? rng.int(0, 300) : rng.int(300, 1_500);
    const inFlight = credits.map(async ({ user, creditId, coins }, i) => {
      await sleep((killAfterMs * i) / credits.length);
      return operator.post(`/admin/users/${user.userId}/credit`, { coins, reason: 'Fault test', creditId }).then(
        (res) => res.status,
        () => 0,
      );
    });
    await sleep(killAfterMs);
    killGroup(pid);
    await waitGone(pid);
    const statusesAtKill = await Promise.all(inFlight);
    console.log(`[faults] seed ${seed}: killed ${killAfterMs} ms after the results; credits answered ${statusesAtKill.join(',')}`);

    const restarted = await restartCloud(cloud.dataDir, port, cloud.logFile);
    pid = restarted.pid;
    const env = restarted.cloudEnv;
    const before = itemsOf(await scanAll(env), scope).filter((i) => i.entity === 'event' && i.settledAt).length;

    // The retries, the same creditId each time, until each is answered.
    const operatorAgain = createClient(cloud.baseUrl);
    expect((await operatorAgain.post('/user/login-user', OPERATOR)).status).toBe(200);
    for (const { user, creditId, coins } of credits) {
      const res = await operatorAgain.post(`/admin/users/${user.userId}/credit`, { coins, reason: 'Fault test', creditId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    await waitForSettlement(env, scope, 45_000);
    expect(await checkInvariants(env, scope), `seed ${seed}`).toEqual([]);
    const credited = new Map(credits.map(({ user, coins }) => [user.userId, coins]));
    expectCoinsAsModelled(itemsOf(await scanAll(env), scope), scenario, credited, seed);
    console.log(`[faults] seed ${seed}: ${before}/${EVENTS} events settled at the first read after the restart; all settled and audited clean`);
  });

  it('finishes settlement, then corrections of every result, when the worker process alone is killed again and again; the API stays up', { timeout: 480_000 }, async () => {
    const seed = seedFrom('WORKER_FAULTS_SEED', 'worker faults');
    const rng = prng(seed);
    const cloud = await startCloudProcess({ env: cloudEnv(), dataDirPrefix: 'bpw-worker-faults-' });
    cleanup.push(async () => {
      await cloud.stop();
      await rm(cloud.logFile, { force: true });
    });
    const scenario = await bettingScenario(cloud.baseUrl, rng);
    const { operator, scope } = scenario;
    await postResults(scenario);

    // The first kill comes at a random moment of the worker's start (a Lambda dying in its init), the
    // next ones in the middle of the work: once more bets are settled than at the last kill, not all.
    const settledSoFar = async () => {
      const items = itemsOf(await scanAll(cloud.cloudEnv), scope);
      return { bets: items.filter((i) => i.entity === 'bet' && i.status !== 'pending').length, events: items.filter((i) => i.entity === 'event' && i.settledAt).length };
    };
    const totalBets = USERS * EVENTS;
    const kills: { bets: number; events: number }[] = [];
    for (let kill = 0; kill < 3; kill++) {
      const worker = await workerProcessOf(cloud.pid, 15_000);
      if (!worker) break;
      let progress = await settledSoFar();
      if (kill === 0) {
        await sleep(rng.int(0, 400));
      } else {
        const after = progress.bets;
        for (const deadline = Date.now() + 15_000; progress.bets <= after && progress.events < EVENTS && Date.now() < deadline; ) progress = await settledSoFar();
      }
      process.kill(worker, 'SIGKILL');
      kills.push(progress);
      // The API is another process: it answers while the worker is down.
      expect((await operator.get('/game/tournament-list')).status).toBe(200);
      if (progress.events === EVENTS) break;
    }
    const shown = kills.map((k) => `${k.bets}/${totalBets} bets, ${k.events}/${EVENTS} events settled`).join('; ');
    console.log(`[worker faults] seed ${seed}: killed the worker ${kills.length} times (${shown})`);
    // At least one kill landed mid-settlement: some bets paid, not every event done.
    expect(kills.some((k) => k.bets > 0 && k.events < EVENTS), shown).toBe(true);

    await waitForSettlement(cloud.cloudEnv, scope, 60_000);
    expect(await checkInvariants(cloud.cloudEnv, scope), `seed ${seed}`).toEqual([]);
    expectCoinsAsModelled(itemsOf(await scanAll(cloud.cloudEnv), scope), scenario, new Map(), seed);

    // Then every result corrected to another outcome, and the worker killed once its corrections started
    // moving bets: the corrections finish, each bet moved once, and the coins are those of the new outcomes.
    const corrected = scenario.events.map((event, i): Outcome => {
      const all: Outcome[] = [{ void: true }, ...event.teamIds.map((winnerTeamId): Outcome => ({ winnerTeamId }))];
      const others = all.filter((o) => (o.void ? !scenario.outcomes[i].void : o.winnerTeamId !== scenario.outcomes[i].winnerTeamId));
      return rng.pick(others);
    });
    const answers = await Promise.all(scenario.events.map((event, i) => operator.post(`/admin/events/${event._id}/correct-result`, corrected[i])));
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual(scenario.events.map(() => 202));
    const moved = async () => itemsOf(await scanAll(cloud.cloudEnv), scope).filter((i) => i.entity === 'bet' && i.settledGeneration === 1).length;
    const worker = await workerProcessOf(cloud.pid, 15_000);
    for (const deadline = Date.now() + 15_000; worker && (await moved()) === 0 && Date.now() < deadline; );
    const movedAtKill = await moved();
    if (worker) process.kill(worker, 'SIGKILL');
    console.log(`[worker faults] seed ${seed}: worker killed with ${movedAtKill}/${totalBets} bets moved by the corrections`);
    await waitForSettlement(cloud.cloudEnv, scope, 60_000);
    expect(await checkInvariants(cloud.cloudEnv, scope), `seed ${seed}, corrected`).toEqual([]);
    expectCoinsAsModelled(itemsOf(await scanAll(cloud.cloudEnv), scope), { ...scenario, outcomes: corrected }, new Map(), seed, true);
  });
});

describe('retried requests apply once', () => {
  it('the same bet twice at once: one 201, one stake', async () => {
    const operator = await operatorClient();
    const { event } = await createEvent(operator);
    const user = await verifiedUser();
    const answers = await Promise.all([0, 1].map(() => user.client.post('/bet/create-new', coinBet(event, 100))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0], JSON.stringify(answers.map((a) => a.body))).toBe(201);
    expect([402, 409]).toContain(statuses[1]); // already-bet, or wallet-busy when the transactions collide
    expect((await walletOf(user.client)).totalCoins).toBe(900);
  });

  it('a withdrawal decision twice at once: decided once, refunded once', async () => {
    const operator = await operatorClient();
    const user = await verifiedUser();
    expect((await operator.post(`/admin/users/${user.userId}/credit`, { cash: 100, reason: 'Retry test' })).status).toBe(200);
    const withdrawal = await user.client.post('/wallet/create-withdraw', { amount: 60, upiId: 'retry@okbank' });
    expect(withdrawal.status).toBe(201);
    const id = withdrawal.body.data._id;
    const answers = await Promise.all([0, 1].map(() => operator.patch(`/admin/withdrawals/${id}`, { status: 'rejected', reason: 'Retry test' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await walletOf(user.client)).totalCash).toBe(100);
    // And paid after rejected: refused, nothing moves.
    expect((await operator.patch(`/admin/withdrawals/${id}`, { status: 'paid', reference: 'UTR1' })).status).toBe(409);
    expect((await walletOf(user.client)).totalCash).toBe(100);
  });

  it('a credit with one creditId twice at once: applied once', async () => {
    const operator = await operatorClient();
    const user = await verifiedUser();
    const body = { coins: 40, cash: 15, reason: 'Retry test', creditId: randomUUID() };
    const answers = await Promise.all([0, 1, 2].map(() => operator.post(`/admin/users/${user.userId}/credit`, body)));
    expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers.map((a) => a.body))).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.body.data.applied)).toHaveLength(1);
    const again = await operator.post(`/admin/users/${user.userId}/credit`, body);
    expect(again.body.data).toMatchObject({ applied: false });
    const wallet = await walletOf(user.client);
    expect(wallet).toMatchObject({ totalCoins: 1040, totalCash: 15 });
    expect(await checkInvariants(inject('cloudEnv'), { userIds: [user.userId], eventIds: [], teamIds: [] })).toEqual([]);
  });
});
