// Betting reminders: 'Betting on {team A} vs {team B} closes in 15 minutes', pushed to the users who have
// bet in the event's tournament or opted in to its reminders (reminder-opt-ins.ts), and not yet on this
// event. One EventBridge Scheduler one-time schedule per event (`at()`, REMINDER_LEAD_MINUTES before the
// start, deleted after it runs), created or moved by the reminders stream consumer when an event is
// created or re-timed, so no API function grows; locally the local cloud's scheduler serves the same API
// (infra/local/scheduler.ts). When it fires, the event is read again: a paused, decided or re-timed event
// reminds nobody. Each user is reminded of an event once, even if the schedule fires twice. Push only: the
// inbox keeps what happened, not what is about to. Sending is reminder-sending.ts, so that the scheduling
// consumer does not bundle the push library.
import { REMINDER_LEAD_MINUTES } from '#shared/push.ts';
import type { EventRecord } from '#functions/data/events.ts';
import * as reminders from '#functions/data/reminders.ts';
import { scheduleOnce, unschedule } from '#functions/platform/schedules.ts';

const LEAD_MS = REMINDER_LEAD_MINUTES * 60 * 1000;

export const reminderScheduleName = (eventId: string) => `reminder-${eventId}`;

/** When the event's reminder goes: REMINDER_LEAD_MINUTES before its start. */
export const reminderTime = (event: Pick<EventRecord, 'time'>) => new Date(Date.parse(event.time) - LEAD_MS);

/**
 * Creates or moves the event's one-time schedule (named after the event, so doing it again changes
 * nothing); an event whose reminder time has passed gets none, and its schedule, if any, goes.
 */
export async function scheduleReminder(event: Pick<EventRecord, 'id' | 'time'>, now = new Date()): Promise<'scheduled' | 'too-late'> {
  const name = reminderScheduleName(event.id);
  const at = reminderTime(event);
  if (at.getTime() <= now.getTime()) {
    await unschedule(name);
    return 'too-late';
  }
  await scheduleOnce(name, at, 'REMINDER_TARGET_ARN', { eventId: event.id, remindAt: at.toISOString() });
  return 'scheduled';
}

/** Records bettors as their tournaments' (at most reminders.BETTORS_PER_BATCH a call). */
export const recordTournamentBettors = reminders.addTournamentBettors;
export const BETTORS_PER_BATCH = reminders.BETTORS_PER_BATCH;
