// A knockout's next match opened: when a result fills its last side, its tournament's bettors
// and the users who opted in to its reminders are told, in their inbox (and so by Web Push, which follows
// every stored notice). From the table stream (stream-reminders.ts), so the result's own request does no
// more work. Idempotent: the notice's time is the stream record's, so a record delivered again writes a
// notice that is there already (its condition fails, and that user is skipped).
import type { DynamoDBRecord } from 'aws-lambda';
import { matchName } from '#shared/match-names.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { cancellationCodes } from '#functions/platform/dynamodb.ts';
import { imagesOf } from '#functions/platform/stream.ts';
import { type EventRecord, hasBothTeams } from '#functions/data/events.ts';
import * as reminders from '#functions/data/reminders.ts';
import { getTeams } from '#functions/data/teams.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';

const USERS_AT_ONCE = 10;

/**
 * The knockout match this record opened: its last side filled and betting open, or a match a correction
 * put in place of a replaced one (made with both teams, open): announced like any advance.
 */
export function openedMatch(record: DynamoDBRecord): EventRecord | undefined {
  const { before, after } = imagesOf(record);
  if (after?.entity !== 'event') return undefined;
  const is = after as unknown as EventRecord;
  if (!before) return is.bracket?.replaces && hasBothTeams(is) && is.isBetActive ? is : undefined;
  if (before.entity !== 'event') return undefined;
  const was = before as unknown as EventRecord;
  return was.bracket && !hasBothTeams(was) && hasBothTeams(is) && is.isBetActive ? is : undefined;
}

const alreadyTold = (error: unknown) => cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;

export async function tellMatchOpened(event: EventRecord, record: DynamoDBRecord): Promise<number> {
  if (!hasBothTeams(event)) return 0;
  const teams = await getTeams(event.teamIds);
  const [home, away] = event.teamIds.map((id) => teams.get(id)?.teamName ?? 'TBD');
  const seconds = record.dynamodb?.ApproximateCreationDateTime;
  const createdAt = (seconds === undefined ? new Date(event.createdAt) : new Date(seconds * 1000)).toISOString();
  const [bettors, optedIn] = await Promise.all([reminders.listTournamentBettors(event.tournamentId), reminders.listTournamentOptIns(event.tournamentId)]);
  let told = 0;
  await forEachLimit([...new Set([...bettors, ...optedIn])], USERS_AT_ONCE, async (userId) => {
    const notice = {
      userId,
      causeId: `match-open#${event.id}`,
      subject: `${event.stage ?? 'Next match'}: open for bets`,
      description: `${matchName(event.stage, event.bracket?.key) || 'The next match'}: ${home} vs ${away} is open for bets.`,
      createdAt,
    };
    try {
      // Stored and posted to the user's open sockets, as every notice is: the bell counts it and a toast
      // shows it at once (Web Push follows every stored notice, stream-web-push.ts).
      await commitNotifying([], [notice]);
      told++;
    } catch (error) {
      if (!alreadyTold(error)) throw error;
    }
  });
  return told;
}
