// Opting in to a tournament's betting reminders without betting in it (reminders go to the
// tournament's bettors "or users who opted in to it"); the sender reaches both (reminder-sending.ts).
// At most REMINDER_OPT_IN_LIMIT tournaments a user, a cap concurrent opt-ins cannot pass.
import { REMINDER_OPT_IN_LIMIT, type TournamentReminderState } from '#shared/push.ts';
import { lostTransactionRace } from '#functions/platform/dynamodb.ts';
import * as reminders from '#functions/data/reminders.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** Runs an opt-in change; one still losing races with the user's other changes after the client's retries wrote nothing. */
async function retryable<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (lostTransactionRace(error)) throw new DomainError('settings-busy');
    throw error;
  }
}

/** Opts the user in; doing it again changes nothing. */
export async function optIn(userId: string, tournamentId: string): Promise<TournamentReminderState> {
  const outcome = await retryable(() => reminders.addOptIn(userId, tournamentId, REMINDER_OPT_IN_LIMIT));
  if (outcome === 'no-tournament') throw new DomainError('tournament-not-found');
  if (outcome === 'limit') throw new DomainError('reminder-opt-in-limit');
  return { optedIn: true };
}

/** Opts the user out; one not opted in is fine (an unknown tournament too: nothing to remove). */
export async function optOut(userId: string, tournamentId: string): Promise<TournamentReminderState> {
  await retryable(() => reminders.removeOptIn(userId, tournamentId));
  return { optedIn: false };
}

export async function optInState(userId: string, tournamentId: string): Promise<TournamentReminderState> {
  return { optedIn: await reminders.hasOptedIn(userId, tournamentId) };
}
