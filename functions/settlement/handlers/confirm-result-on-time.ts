// The target of a referee's result's one-time schedule (EventBridge Scheduler in the cloud, the local
// cloud's scheduler locally): `{"eventId", "at"}` in; the result stands if it is still the one sent then,
// undisputed, and its settlement is queued. Safe to run twice. A failure throws, and the scheduler retries.
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { log, startInvocation } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';
import { queueSettlement } from '#functions/settlement/settlement-queue.ts';
import { confirmIfUndisputed } from '#functions/settlement/provisional-results.ts';

const inputSchema = z.object({ eventId: z.string().min(1).max(100), at: z.iso.datetime() });

export async function handler(input: unknown, context: Context): Promise<{ confirmed: boolean } | undefined> {
  const end = startInvocation(context, context.awsRequestId);
  try {
    const parsed = inputSchema.safeParse(input);
    if (!parsed.success) {
      log('error', 'result confirmation input dropped: not {eventId, at}', { input: JSON.stringify(input).slice(0, 200) });
      return undefined;
    }
    const confirmed = await confirmIfUndisputed(parsed.data.eventId, parsed.data.at);
    if (confirmed) await queueSettlement({ eventId: parsed.data.eventId });
    log('info', confirmed ? "referee's result stood undisputed" : "referee's result changed since: nothing to confirm", { eventId: parsed.data.eventId });
    return { confirmed };
  } finally {
    flushMetrics();
    end();
  }
}
