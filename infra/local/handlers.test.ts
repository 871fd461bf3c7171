// The local Lambda runtime runs every invocation in one process, at once: each must keep its own
// Powertools logger context (request id, correlation id, function), as on Lambda Managed Instances.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'aws-lambda';
import { expect, it, vi } from 'vitest';
import { log, logger, startInvocation } from '../../functions/platform/logger.ts';
import { invoke } from './handlers.ts';

logger.setLogLevel('INFO'); // the suite silences Powertools (vitest.config.ts); these tests read its lines

it('gives each of two overlapping invocations its own logger context', async () => {
  const handler = async (event: { id: string; wait: number }, context: Context) => {
    const end = startInvocation(context, event.id);
    await sleep(event.wait);
    log('info', 'done', { id: event.id });
    end();
  };
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    // The first one logs after the second one started (and ended).
    await Promise.all([invoke(handler as never, { id: 'first', wait: 50 }, 'test/first'), invoke(handler as never, { id: 'second', wait: 0 }, 'test/second')]);
  } finally {
    spy.mockRestore();
  }
  const lines = written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  expect(lines.map((l) => [l.id, l.correlation_id, l.function_name])).toEqual([
    ['second', 'second', 'test-second'],
    ['first', 'first', 'test-first'],
  ]);
  expect(lines[0].function_request_id).not.toBe(lines[1].function_request_id);
});
