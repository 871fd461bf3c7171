// The local cloud's DynamoDB endpoint applies AWS's transaction-conflict rules over DynamoDB Local, with
// the error shapes the unmodified SDK parses (infra/local/dynamodb-conflicts.ts).
import { randomUUID } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, PutItemCommand, TransactGetItemsCommand, TransactWriteItemsCommand, type TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';

const env = inject('cloudEnv');
// No SDK retries and not the functions' client (which retries conflicts): every refusal shows.
const client = new DynamoDBClient({
  endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
  region: env.AWS_REGION,
  credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  maxAttempts: 1,
});
afterAll(() => client.destroy());

const key = (pk: string) => ({ pk: { S: pk }, sk: { S: 'ITEM' } });
const put = (pk: string): TransactWriteItem => ({ Put: { TableName: env.TABLE_NAME, Item: { ...key(pk), n: { N: '1' } } } });
const check = (pk: string): TransactWriteItem => ({ ConditionCheck: { TableName: env.TABLE_NAME, Key: key(pk), ConditionExpression: 'attribute_exists(pk)' } });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ ok: true as const }),
    (error: Error & { CancellationReasons?: { Code?: string }[] }) => ({ ok: false as const, name: error.name, codes: error.CancellationReasons?.map((r) => r.Code) }),
  );

describe('the conflict-faithful DynamoDB endpoint', () => {
  it('cancels transactions that check one hot item while others hold it, with TransactionConflict at its index', async () => {
    const hot = `CONFLICT#${randomUUID()}`;
    await client.send(new PutItemCommand({ TableName: env.TABLE_NAME, Item: key(hot) }));
    // Transactions conflict only if they overlap in time: on a busy machine one round may see each done
    // before the next arrives, so rounds go on until one was refused.
    const results: Awaited<ReturnType<typeof outcome>>[] = [];
    for (let round = 1; round <= 5 && !results.some((r) => !r.ok); round++) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 60 }, () => outcome(client.send(new TransactWriteItemsCommand({ TransactItems: [put(`CONFLICT#${randomUUID()}`), check(hot)] })))),
        )),
      );
    }
    const refused = results.filter((r) => !r.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toEqual({ ok: false, name: 'TransactionCanceledException', codes: ['None', 'TransactionConflict'] });
  });

  it('refuses a single write of an item in flight in a transaction with TransactionConflictException; plain reads always pass', async () => {
    const hot = `CONFLICT#${randomUUID()}`;
    await client.send(new PutItemCommand({ TableName: env.TABLE_NAME, Item: key(hot) }));
    // A write meets a transaction in flight only if they overlap in time: on a busy machine one round
    // may see every transaction done before a write arrives, so rounds go on until a write was refused.
    let refusedWrites = 0;
    for (let round = 1; round <= 5 && refusedWrites === 0; round++) {
      const transactions = Array.from({ length: 40 }, () => outcome(client.send(new TransactWriteItemsCommand({ TransactItems: [put(`CONFLICT#${randomUUID()}`), check(hot)] }))));
      const writes = Array.from({ length: 20 }, () => outcome(client.send(new PutItemCommand({ TableName: env.TABLE_NAME, Item: { ...key(hot), n: { N: '2' } } }))));
      const reads = Array.from({ length: 20 }, () => outcome(client.send(new GetItemCommand({ TableName: env.TABLE_NAME, Key: key(hot) }))));
      const gets = Array.from({ length: 20 }, () => outcome(client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: env.TABLE_NAME, Key: key(hot) } }] }))));
      await Promise.all(transactions);
      const writeResults = await Promise.all(writes);
      refusedWrites += writeResults.filter((r) => !r.ok).length;
      for (const r of writeResults.filter((r) => !r.ok)) expect(r).toMatchObject({ name: 'TransactionConflictException' });
      expect((await Promise.all(reads)).every((r) => r.ok)).toBe(true);
      for (const r of (await Promise.all(gets)).filter((r) => !r.ok)) expect(r).toEqual({ ok: false, name: 'TransactionCanceledException', codes: ['TransactionConflict'] });
    }
    expect(refusedWrites).toBeGreaterThan(0);
  });

  it('never refuses transactions on different items, however many run at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 150 }, () => {
        const user = randomUUID();
        return outcome(client.send(new TransactWriteItemsCommand({ TransactItems: [put(`CONFLICT#${user}#WALLET`), put(`CONFLICT#${user}#BET`), put(`CONFLICT#${user}#LEDGER`)] })));
      }),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });

  it('counts what it refused, as the TransactionConflict metric does', async () => {
    const counts = await (await fetch(`${env.AWS_ENDPOINT_URL_DYNAMODB}/conflicts`)).json();
    expect(counts).toEqual({ cancelledTransactions: expect.any(Number), refusedWrites: expect.any(Number), unprocessedBatchWrites: expect.any(Number) });
    expect(counts.cancelledTransactions).toBeGreaterThan(0);
  });
});
