// Sending a betting reminder when its schedule fires (reminders.ts schedules it): apart from the
// scheduling so that only the sending function bundles the push library (web-push-delivery.ts).
import { MSG } from '#shared/messages.ts';
import { REMINDER_LEAD_MINUTES, type PushPayload } from '#shared/push.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { getBet } from '#functions/data/bets.ts';
import { getEvent } from '#functions/data/events.ts';
import * as reminders from '#functions/data/reminders.ts';
import { getTeams } from '#functions/data/teams.ts';
import { isBettingOpen } from '#functions/betting/betting-rules.ts';
import { pushToUser, type PushOptions } from '#functions/notifications/web-push-delivery.ts';
import { reminderTime } from './reminders.ts';

/** A reminder is no use once the match has started. */
const REMINDER_PUSH: PushOptions = { ttlSeconds: REMINDER_LEAD_MINUTES * 60, urgency: 'high' };
/** Users reminded at once: a tournament's hundreds of users are reached in the minutes that count, without flooding the table. */
const USERS_AT_ONCE = 10;

export interface ReminderReport {
  reminded: number;
  /** Users of the tournament who had bet on this event already, or were reminded before. */
  skipped: number;
}

/**
 * Pushes the reminder of an event still open for bets to the tournament's bettors and opted-in users
 * (each once, whether in one list or both) who have not bet on it;
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
  const [bettors, optedIn] = await Promise.all([reminders.listTournamentBettors(event.tournamentId), reminders.listTournamentOptIns(event.tournamentId)]);
  await forEachLimit([...new Set([...bettors, ...optedIn])], USERS_AT_ONCE, async (userId) => {
    try {
      if ((await getBet(userId, event.id)) || !(await reminders.claimReminder(userId, event.id))) {
        report.skipped++;
        return;
      }
      await pushToUser(userId, payload, REMINDER_PUSH);
      report.reminded++;
    } catch (error) {
      log('warn', 'reminder failed for a user', { userId, eventId, ...errorFields(error) });
    }
  });
  return report;
}
