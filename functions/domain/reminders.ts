// Betting reminders: 'Betting on {team A} vs {team B} closes in 15 minutes', pushed to the users who have
// bet in the event's tournament and not yet on this event. One EventBridge Scheduler one-time schedule per
// event (`at()`, REMINDER_LEAD_MINUTES before the start, deleted after it runs), created or moved by the
// reminders stream consumer when an event is created or re-timed, so no API function grows; locally the
// local cloud's scheduler serves the same API (infra/local/scheduler.ts). When it fires, the event is read
// again: a paused, decided or re-timed event reminds nobody. Each user is reminded of an event once, even
// if the schedule fires twice. Push only: the inbox keeps what happened, not what is about to.
import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { MSG } from '#shared/messages.ts';
import { REMINDER_LEAD_MINUTES, type PushPayload } from '#shared/push.ts';
import { errorFields, log } from '#functions/lib/logger.ts';
import { getBet } from '#functions/data/bets.ts';
import { getEvent, type EventRecord } from '#functions/data/events.ts';
import * as reminders from '#functions/data/reminders.ts';
import { getTeams } from '#functions/data/teams.ts';
import { isBettingOpen } from './betting-rules.ts';
import { pushToUser, type PushOptions } from './push.ts';

/** A reminder is no use once the match has started. */
const REMINDER_PUSH: PushOptions = { ttlSeconds: REMINDER_LEAD_MINUTES * 60, urgency: 'high' };
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

export const recordTournamentBettor = reminders.addTournamentBettor;

export interface ReminderReport {
  reminded: number;
  /** Bettors of the tournament who had bet on this event already, or were reminded before. */
  skipped: number;
}

/**
 * Pushes the reminder of an event still open for bets to the tournament's bettors who have not bet on it;
 * `remindAt` is the reminder time the schedule was made for: an event re-timed since has a newer schedule.
 */
export async function sendReminders(eventId: string, remindAt: string, now = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { reminded: 0, skipped: 0 };
  const event = await getEvent(eventId, true);
  if (!event || !isBettingOpen(event, now) || reminderTime(event).toISOString() !== remindAt) return report;
  const teams = await getTeams(event.teamIds);
  const [teamA, teamB] = event.teamIds.map((id) => teams.get(id)?.teamName ?? 'TBD');
  const payload: PushPayload = {
    title: MSG.bettingClosesSoonTitle,
    body: MSG.bettingClosesSoon(teamA, teamB),
    url: `/events?${new URLSearchParams({ tournamentId: event.tournamentId })}`,
    tag: `reminder#${event.id}`,
  };
  for (const userId of await reminders.listTournamentBettors(event.tournamentId)) {
    try {
      if ((await getBet(userId, event.id)) || !(await reminders.claimReminder(userId, event.id))) {
        report.skipped++;
        continue;
      }
      await pushToUser(userId, payload, REMINDER_PUSH);
      report.reminded++;
    } catch (error) {
      log('warn', 'reminder failed for a user', { userId, eventId, ...errorFields(error) });
    }
  }
  return report;
}
