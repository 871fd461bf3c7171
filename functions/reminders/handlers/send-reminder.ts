// The target of an event's one-time reminder schedule (EventBridge Scheduler in the cloud, the local
// cloud's scheduler locally): `{"eventId", "remindAt"}` in, the betting reminder pushed to whoever should get it.
// Safe to run twice: each user is reminded of an event once. A failure throws, and the scheduler retries.
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { log, startInvocation } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';
import { sendReminders, type ReminderReport } from '#functions/reminders/reminder-sending.ts';

const inputSchema = z.object({ eventId: z.string().min(1).max(100), remindAt: z.iso.datetime() });

export async function handler(input: unknown, context: Context): Promise<ReminderReport | undefined> {
  const end = startInvocation(context, context.awsRequestId);
  try {
    const parsed = inputSchema.safeParse(input);
    if (!parsed.success) {
      log('error', 'reminder input dropped: not {eventId, remindAt}', { input: JSON.stringify(input).slice(0, 200) });
      return undefined;
    }
    const report = await sendReminders(parsed.data.eventId, parsed.data.remindAt);
    log('info', 'betting reminders sent', { eventId: parsed.data.eventId, ...report });
    return report;
  } finally {
    flushMetrics();
    end();
  }
}
