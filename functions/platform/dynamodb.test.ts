// The retries of lost transaction races, with DynamoDB stood in by a middleware that cancels the first
// sends as a conflict would: what the local cloud cannot stage on demand.
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestEnv } from '../../tests/helpers/test-env.ts';

useTestEnv();
// Nothing is sent, but the client resolves its endpoint and credentials before the stand-in answers.
Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
const { db, retryLostRacesWhileTimeLeft, transactWrite, transactWriteUnless } = await import('./dynamodb.ts');
const { withTimeLeft } = await import('./time-left.ts');
const { withoutSdkLogger } = await import('./sdk-logging.ts');

let sends = 0;
let conflictsLeft = 0;
// Every send reaching the wire: cancelled while conflicts are left, else answered as committed.
db.middlewareStack.add(
  () => () => {
    sends++;
    if (conflictsLeft-- > 0) {
      return Promise.reject(
        new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }] }),
      );
    }
    return Promise.resolve({ output: { $metadata: {} }, response: {} });
  },
  { step: 'build', name: 'standInDynamoDb' },
);

const items = [{ Put: { TableName: 'table', Item: { pk: 'USER#1', sk: 'WALLET' } } }];

beforeEach(() => {
  sends = 0;
});

describe('lost transaction races', () => {
  it('are retried by the client for every call', async () => {
    conflictsLeft = 2;
    await transactWrite(items);
    expect(sends).toBe(3);
  });

  it('are retried by transactWriteUnless alone, which asks before each retry', async () => {
    conflictsLeft = 2;
    let asked = 0;
    await transactWriteUnless(items, () => {
      asked++;
      return Promise.resolve();
    });
    expect([sends, asked]).toEqual([3, 2]);
  });

  it('end when the question before a retry throws, after one send', async () => {
    conflictsLeft = 100;
    await expect(
      transactWriteUnless(items, () => Promise.reject(new Error('done already'))),
    ).rejects.toThrow('done already');
    expect(sends).toBe(1);
  });
});

describe('a write that waits out races while its invocation has time', () => {
  it("tries again past the client's dozen tries (a settlement holding the wallet for seconds)", { timeout: 20_000 }, async () => {
    conflictsLeft = 15;
    await withTimeLeft(60_000, () => retryLostRacesWhileTimeLeft(() => transactWrite(items)));
    expect(sends).toBe(16);
  });

  it("gives up with the race once its invocation has only the time to answer left (after one round of the client's own retries)", { timeout: 20_000 }, async () => {
    conflictsLeft = 10_000;
    await expect(withTimeLeft(2_100, () => retryLostRacesWhileTimeLeft(() => transactWrite(items)))).rejects.toThrow('Transaction cancelled');
    expect(sends).toBe(12);
  });
});

describe("a worker's invocation", () => {
  it("waits out every lost race while it has time: past the client's dozen tries, with no retry loop of the caller's", { timeout: 20_000 }, async () => {
    conflictsLeft = 20;
    await withTimeLeft(60_000, () => transactWrite(items), { waitsOutRaces: true });
    expect(sends).toBe(21);
  });

  it('gives up once only the time to report back is left, and an HTTP invocation after the dozen tries', { timeout: 20_000 }, async () => {
    conflictsLeft = 10_000;
    await expect(withTimeLeft(2_500, () => transactWrite(items), { waitsOutRaces: true })).rejects.toThrow('Transaction cancelled');
    expect(sends).toBeGreaterThanOrEqual(12);
    sends = 0;
    await expect(withTimeLeft(60_000, () => transactWrite(items))).rejects.toThrow('Transaction cancelled');
    expect(sends).toBe(12);
    conflictsLeft = 0;
  });
});

describe('the client', () => {
  it("leaves out the SDK's logger middleware (a redacted copy of every request and answer, for no logger)", () => {
    expect(db.middlewareStack.identify().filter((name) => name.startsWith('loggerMiddleware'))).toEqual([]);
  });

  it('is the kind of client withoutSdkLogger changes: a fresh SDK client has the logger middleware', () => {
    const fresh = new DynamoDBClient({});
    const loggers = () => fresh.middlewareStack.identify().filter((name) => name.startsWith('loggerMiddleware'));
    expect(loggers()).toHaveLength(1);
    withoutSdkLogger(fresh);
    expect(loggers()).toEqual([]);
  });
});
