// Betting reminders: 'Betting on {team A} vs {team B} closes in 15 minutes', pushed to the users who have
// bet in the event's tournament or opted in to its reminders (reminder-opt-ins.ts), and not yet on this
// event. One EventBridge Scheduler one-time schedule per event (`at()`, REMINDER_LEAD_MINUTES before the
// start, deleted after it runs), created or moved by the reminders stream consumer when an event is
// created or re-timed, so no API function grows; locally the local cloud's scheduler serves the same API
// (infra/local/scheduler.ts). When it fires, the event is read again: a paused, decided or re-timed event
// reminds nobody. Each user is reminded of an event once, even if the schedule fires twice. Push only: the
// inbox keeps what happened, not what is about to. Sending is reminder-sending.ts, so that the scheduling
// consumer does not bundle the push library.
import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { REMINDER_LEAD_MINUTES } from '#shared/push.ts';
import type { EventRecord } from '#functions/data/events.ts';
import * as reminders from '#functions/data/reminders.ts';

const LEAD_MS = REMINDER_LEAD_MINUTES * 60 * 1000;

export const reminderScheduleName = (eventId: string) => `reminder-${eventId}`;

/** When the event's reminder goes: REMINDER_LEAD_MINUTES before its start. */
export const reminderTime = (event: Pick<EventRecord, 'time'>) => new Date(Date.parse(event.time) - LEAD_MS);

const sdk = () => import('@aws-sdk/client-scheduler');
let client: SchedulerClient | undefined;

/**
 * Creates or moves the event's one-time schedule (named after the event, so doing it again changes
 * nothing); an event whose reminder time has passed gets none, and its schedule, if any, goes.
 */
export async function scheduleReminder(event: Pick<EventRecord, 'id' | 'time'>, now = new Date()): Promise<'scheduled' | 'too-late'> {
  const { SchedulerClient, CreateScheduleCommand, UpdateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException } = await sdk();
  client ??= new SchedulerClient({});
  const Name = reminderScheduleName(event.id);
  const at = reminderTime(event);
  if (at.getTime() <= now.getTime()) {
    await client.send(new DeleteScheduleCommand({ Name })).catch((error: unknown) => {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    });
    return 'too-late';
  }
  const targetArn = process.env.REMINDER_TARGET_ARN;
  const roleArn = process.env.SCHEDULER_ROLE_ARN;
  if (!targetArn || !roleArn) throw new Error('REMINDER_TARGET_ARN and SCHEDULER_ROLE_ARN must be set');
  const schedule = {
    Name,
    // at() takes a UTC wall-clock time without a zone: yyyy-mm-ddThh:mm:ss.
    ScheduleExpression: `at(${at.toISOString().slice(0, 19)})`,
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: { Arn: targetArn, RoleArn: roleArn, Input: JSON.stringify({ eventId: event.id, remindAt: at.toISOString() }) },
  };
  try {
    await client.send(new UpdateScheduleCommand(schedule));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateScheduleCommand(schedule));
  }
  return 'scheduled';
}

/** Records bettors as their tournaments' (at most reminders.BETTORS_PER_BATCH a call). */
export const recordTournamentBettors = reminders.addTournamentBettors;
export const BETTORS_PER_BATCH = reminders.BETTORS_PER_BATCH;
