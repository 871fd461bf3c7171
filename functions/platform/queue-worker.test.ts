import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { logger } from './logger.ts';
import { queueWorker } from './queue-worker.ts';

logger.setLogLevel('INFO'); // the suite silences Powertools (vitest.config.ts); a test here reads its lines

const context = {
  functionName: 'test-worker',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test-worker',
  memoryLimitInMB: '128',
  awsRequestId: 'request-1',
  getRemainingTimeInMillis: () => 60_000,
} as Context;

const record = (messageId: string, body: string): SQSRecord =>
  ({ messageId, body, receiptHandle: messageId, attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q', awsRegion: 'us-east-1' }) as unknown as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const schema = z.object({ n: z.number() });

describe('queueWorker', () => {
  it('works each record in turn and reports back only those to deliver again', async () => {
    const order: number[] = [];
    let running = 0;
    const handler = queueWorker(schema, () => async ({ n }) => {
      expect(running++).toBe(0); // never two at once
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      if (n === 3) throw new Error('table gone');
      return n !== 2;
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const answer = await handler(batch(record('a', '{"n":1}'), record('b', '{"n":2}'), record('c', '{"n":3}'), record('d', '{"n":4}')), context);
      expect(order).toEqual([1, 2, 3, 4]);
      expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }, { itemIdentifier: 'c' }] });
      // The throw is logged with its error; a record that asked to come again is not an error.
      const failures = stderr.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('queue record failed'));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain('table gone');
    } finally {
      stderr.mockRestore();
    }
  });

  it('drops a message of no known shape (logged, not delivered again) and answers a batch failed whole instead of throwing', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // error lines go there
    try {
      const handler = queueWorker(schema, () => () => Promise.resolve(false));
      expect(await handler(batch(record('a', 'not json'), record('b', '{"n":"x"}')), context)).toEqual({ batchItemFailures: [] });
      expect(await handler(batch(record('c', '{"n":1}'), record('d', '{"n":2}')), context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'c' }, { itemIdentifier: 'd' }] });
      expect(stderr.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('queue message dropped'))).toHaveLength(2);
    } finally {
      stderr.mockRestore();
    }
  });
  // Last: loading the local runtime sets AWS_LAMBDA_MAX_CONCURRENCY for the rest of this file.
  it('runs where invocations run at once, each in its own store (Lambda Managed Instances, the local cloud)', async () => {
    const { invoke } = await import('../../infra/local/handlers.ts'); // sets AWS_LAMBDA_MAX_CONCURRENCY, as their runtime does
    const handler = queueWorker(schema, () => ({ n }) => Promise.resolve(n % 2 === 0));
    const answers = await Promise.all(
      [1, 2].map((first) => invoke(handler as never, batch(record(`${first}a`, `{"n":${first}}`), record(`${first}b`, `{"n":${first + 1}}`)), 'test/worker')),
    );
    expect(answers).toEqual([{ batchItemFailures: [{ itemIdentifier: '1a' }] }, { batchItemFailures: [{ itemIdentifier: '2b' }] }]);
  });
});
