// The local queue behaves like the stack's, with the settings both read from shared/queue-settings.ts and
// the manifest (each queue's worker timeout): batches of WORKER_BATCH_SIZE, a worker cut off at its queue's timeout, a failed message delivered again after
// the visibility timeout, and after MAX_RECEIVE_COUNT deliveries moved to a dead-letter queue that
// `npm run ops -- dead-letters` lists and `npm run ops -- redrive` empties, through SQS's own API.
// The local queue runs a stand-in worker (fixtures/flaky-worker.ts) with the timeouts shortened.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_REGION, localCredentials, localQueueUrl, SQS_PREFIX } from '../../infra/local/env.ts';
import { LocalQueues } from '../../infra/local/queue.ts';
import { deadLetterQueueName, MAX_RECEIVE_COUNT, redeliveryDelaySeconds, visibilityTimeoutSeconds, WORKER_BATCH_SIZE } from '../../shared/queue-settings.ts';
import { BetPlayWinStack } from '../../infra/stack.ts';
import { queues as manifestQueues } from '../../shared/routes.ts';

const run = promisify(execFile);
const timing = { visibilityTimeoutMs: 1_000 };
/** Two queues of one stand-in worker, with worker timeouts of their own. */
const shortQueue = { name: 'settlement', timeoutSeconds: 1.5 };
const longQueue = { name: 'export', timeoutSeconds: 4 };
const handler = '../tests/integration/fixtures/flaky-worker'; // resolved from functions/, as handlers are

interface Invocation {
  at: number;
  processStartedAt: number;
  records: { body: string; receiveCount: number }[];
}

let dir: string;
let log: string;
let queues: LocalQueues;
let server: Server;
let sqs: SQSClient;
let endpoint: string;
let queueUrl: string;
let deadLettersUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bpw-queue-parity-'));
  log = path.join(dir, 'invocations.log');
  process.env.FLAKY_WORKER_LOG = log; // the worker process inherits it
  queues = await LocalQueues.open(path.join(dir, 'queue.json'), [shortQueue, longQueue].map((queue) => ({ ...queue, handler })), timing);
  server = createServer((req, res) => void queues.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint = `${origin}${SQS_PREFIX}`;
  queueUrl = localQueueUrl(origin, 'settlement');
  deadLettersUrl = localQueueUrl(origin, deadLetterQueueName('settlement'));
  sqs = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
});

afterAll(async () => {
  // Undefined when beforeAll failed before making them.
  (sqs as SQSClient | undefined)?.destroy();
  await (queues as LocalQueues | undefined)?.close();
  (server as Server | undefined)?.close();
  await rm(dir, { recursive: true, force: true });
});

async function invocations(): Promise<Invocation[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text.trim() ? text.trim().split('\n').map((line) => JSON.parse(line) as Invocation) : [];
}
/** The deliveries of the message with this body, in order. */
async function deliveriesOf(body: string) {
  return (await invocations()).flatMap((i) => i.records.filter((r) => r.body === body).map((r) => ({ at: i.at, processStartedAt: i.processStartedAt, receiveCount: r.receiveCount })));
}
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
  }
}
async function messagesIn(url: string) {
  const { Attributes = {} } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }));
  return Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible);
}
const send = (body: object, url = queueUrl) => sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(body) }));

/** `npm run ops -- <command>` as a process, with only the SQS variables of this queue. */
async function ops(command: string): Promise<{ code: number; output: string }> {
  const env = {
    PATH: process.env.PATH,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_SQS: endpoint,
    DEAD_LETTER_QUEUE_URL: deadLettersUrl,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', command], { env, timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the stack', () => {
  type Synthesized = { Resources: Record<string, { Type: string; Properties: any }>; Outputs: Record<string, unknown> };
  let template: Synthesized;
  // Synthesized as setup, as tests/infra/stack.test.ts does: the whole app with its nested stacks takes
  // well over a test's 30 s on a loaded machine.
  beforeAll(() => {
    const stack = new BetPlayWinStack(new App(), 'QueueParity', { bundling: 'stub', spaDir: path.join(tmpdir(), 'bpw-no-such-build'), env: { account: '123456789012', region: 'ap-south-1' } });
    template = Template.fromStack(stack).toJSON() as Synthesized;
  });

  it("synthesizes the shared settings and each queue's own: batch size, worker timeout, visibility timeout, receives before the dead-letter queue", () => {
    const ofType = (type: string) => Object.values(template.Resources).filter((r) => r.Type === type).map((r) => r.Properties);
    // Every queue of the manifest (settlement, export) gets the shared settings; the table stream's mappings have a starting position.
    const workQueues = ofType('AWS::SQS::Queue').filter((q) => q.RedrivePolicy);
    expect(workQueues).toHaveLength(manifestQueues.length);
    for (const workQueue of workQueues) expect(workQueue.RedrivePolicy.maxReceiveCount).toBe(MAX_RECEIVE_COUNT);
    expect(workQueues.map((q) => q.VisibilityTimeout).sort()).toEqual(manifestQueues.map((q) => visibilityTimeoutSeconds(q.timeoutSeconds)).sort());
    expect(ofType('AWS::Lambda::EventSourceMapping').filter((m) => !m.StartingPosition).map((m) => m.BatchSize)).toEqual(manifestQueues.map(() => WORKER_BATCH_SIZE));
    for (const queue of manifestQueues) {
      expect(ofType('AWS::Lambda::Function').find((f) => f.Description === `functions/${queue.handler}.ts`)?.Timeout, queue.name).toBe(queue.timeoutSeconds);
      expect(Object.keys(template.Outputs)).toContain(`${queue.name}QueueDeadLettersUrl`);
    }
  });
});

// Each test waits on deliveries (until's minute at most), and on worker processes started again after a
// cut-off: seconds each on a busy machine.
describe('the local queue', { timeout: 120_000 }, () => {
  it(`hands its worker ${WORKER_BATCH_SIZE} message per invocation`, async () => {
    const bodies = ['a', 'b', 'c'].map((id) => JSON.stringify({ id }));
    await Promise.all(bodies.map((body) => sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }))));
    const seen = await until('invocations', invocations, (all) => bodies.every((b) => all.some((i) => i.records.some((r) => r.body === b))));
    expect(seen.map((i) => i.records.length)).toEqual(seen.map(() => WORKER_BATCH_SIZE));
    await until('the work queue empties', () => messagesIn(queueUrl), (n) => n === 0);
  });

  it('cuts a worker off at its timeout and delivers the message again once the visibility timeout has passed', async () => {
    await send({ hang: true });
    const [first, second] = await until('two deliveries', () => deliveriesOf(JSON.stringify({ hang: true })), (d) => d.length === 2);
    expect([first.receiveCount, second.receiveCount]).toEqual([1, 2]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(shortQueue.timeoutSeconds * 1000 + timing.visibilityTimeoutMs - 50);
    await until('the work queue empties', () => messagesIn(queueUrl), (n) => n === 0);
  });

  it("cuts each queue's worker off at that queue's own timeout", async () => {
    const longUrl = queueUrl.replace(/settlement$/, longQueue.name);
    await send({ hang: 'long' }, longUrl);
    const [first, second] = await until('two deliveries', () => deliveriesOf(JSON.stringify({ hang: 'long' })), (d) => d.length === 2);
    // The long queue's worker runs past the short queue's timeout, and is cut off at its own: the worker
    // process of the second delivery started within moments of the timeout and the visibility timeout
    // (its modules' loading after that, slow on a busy machine, is not the queue's timing).
    expect(second.at - first.at).toBeGreaterThanOrEqual(longQueue.timeoutSeconds * 1000 + timing.visibilityTimeoutMs - 50);
    expect(second.processStartedAt - first.at).toBeLessThan((longQueue.timeoutSeconds + 3) * 1000 + timing.visibilityTimeoutMs);
    await until('the long queue empties', () => messagesIn(longUrl), (n) => n === 0);
  });

  it(`moves a message that failed ${MAX_RECEIVE_COUNT} times to the dead-letter queue, which ops lists and redrives`, async () => {
    const body = JSON.stringify({ fail: true });
    expect(await ops('dead-letters')).toMatchObject({ code: 0, output: expect.stringContaining('Dead letters: 0') });
    await send({ fail: true });
    await until('a dead letter', () => messagesIn(deadLettersUrl), (n) => n === 1);
    const deliveries = await deliveriesOf(body);
    expect(deliveries.map((d) => d.receiveCount)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < deliveries.length; i++) expect(deliveries[i].at - deliveries[i - 1].at).toBeGreaterThanOrEqual(timing.visibilityTimeoutMs - 50);
    expect(await messagesIn(queueUrl)).toBe(0);

    const listed = await ops('dead-letters');
    expect(listed.code, listed.output).toBe(1);
    expect(listed.output).toContain(`Dead letters: 1 in arn:aws:sqs:${LOCAL_REGION}:000000000000:${deadLetterQueueName('settlement')}`);
    expect(listed.output).toMatch(new RegExp(`received \\d+ times: ${body.replace(/[{}]/g, '\\$&')}`));

    await writeFile(`${log}.healed`, ''); // the cause is fixed: the next delivery succeeds
    const redriven = await ops('redrive');
    expect(redriven, redriven.output).toMatchObject({ code: 0, output: expect.stringContaining('Redrive completed: 1 message(s) moved back') });
    const again = await until('the redriven delivery', () => deliveriesOf(body), (d) => d.length === MAX_RECEIVE_COUNT + 1);
    expect(again.at(-1)?.receiveCount).toBe(1);
    await until('both queues empty', async () => [await messagesIn(queueUrl), await messagesIn(deadLettersUrl)], ([work, dead]) => work === 0 && dead === 0);
    expect(await ops('dead-letters')).toMatchObject({ code: 0 });
  }, 150_000); // five deliveries a second apart at least, and four runs of the ops command (seconds each on a busy machine)
});

describe('a worker on the queue-worker frame', { timeout: 120_000 }, () => {
  // A queue of the stack's own timing (no shortened visibility timeout): a worker of 10 s, hidden for 60 s.
  const timedQueue = { name: 'settlement', timeoutSeconds: 10, handler: '../tests/integration/fixtures/soon-again-worker' };
  let timed: LocalQueues;
  let timedServer: Server;
  beforeAll(async () => {
    timed = await LocalQueues.open(path.join(dir, 'timed-queue.json'), [timedQueue]);
    timedServer = createServer((req, res) => void timed.handle(req, res));
    await new Promise<void>((resolve) => timedServer.listen(0, '127.0.0.1', resolve));
    // The worker process inherits these: the frame's SQS client reaches this queue.
    Object.assign(process.env, { AWS_ENDPOINT_URL_SQS: `http://127.0.0.1:${(timedServer.address() as AddressInfo).port}${SQS_PREFIX}`, AWS_REGION: LOCAL_REGION, AWS_ACCESS_KEY_ID: localCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey });
  });
  afterAll(async () => {
    await (timed as LocalQueues | undefined)?.close();
    (timedServer as Server | undefined)?.close();
  });

  it(`brings a failed message back in ${redeliveryDelaySeconds(1, 0)} s or so, not after the visibility timeout`, async () => {
    const origin = `http://127.0.0.1:${(timedServer.address() as AddressInfo).port}`;
    const timedSqs = new SQSClient({ endpoint: `${origin}${SQS_PREFIX}`, region: LOCAL_REGION, credentials: localCredentials });
    const body = JSON.stringify({ soon: 'again' });
    await timedSqs.send(new SendMessageCommand({ QueueUrl: localQueueUrl(origin, 'settlement'), MessageBody: body }));
    timedSqs.destroy();
    const [first, second] = await until('two deliveries', () => deliveriesOf(body), (d) => d.length === 2);
    expect([first.receiveCount, second.receiveCount]).toEqual([1, 2]);
    const gap = second.at - first.at;
    expect(gap).toBeGreaterThanOrEqual(redeliveryDelaySeconds(1, 0) * 1000 - 50);
    expect(gap).toBeLessThan(visibilityTimeoutSeconds(timedQueue.timeoutSeconds) * 1000);
  });
});
