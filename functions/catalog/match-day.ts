// The match day: the live score of a match being played, as its organiser keeps it, and a postponement.
// The first score closes betting (the match has started, whatever its start time said); the result
// (settlement/results.ts) ends the live score. A postponed match keeps its bets: it gets its new time and
// venue, and every bettor is told. docs/architecture.md, "Results and scores".
import type { AdminEvent } from '#shared/api.ts';
import type { Score } from '#shared/match-results.ts';
import type { PostponeEventInput } from '#shared/schemas.ts';
import { cancellationCodes } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { isEventFinished } from '#functions/betting/betting-rules.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';
import { adminEvent } from './edits.ts';
import { auditEntries } from './event-audit.ts';
import { type Actor, authoriseEvent } from './organisers.ts';

/** The match's live score set to `score` (the whole score: the latest call wins); the first closes betting. */
export async function recordLiveScore(eventId: string, score: Score, actor: Actor, now = new Date()): Promise<AdminEvent> {
  let event = await authoriseEvent(actor, eventId);
  for (let attempt = 0; ; attempt++) {
    if (isEventFinished(event)) throw new DomainError('live-score-decided');
    if (event.provisional) throw new DomainError('result-pending');
    if (!events.hasBothTeams(event)) throw new DomainError('event-awaiting-teams');
    const updated = await events.setLiveScore(event, score, now.toISOString());
    if (updated) return adminEvent(updated);
    // Paused, reopened or decided since it was read: read it again.
    const again = await events.getEvent(eventId, true);
    if (!again) throw new DomainError('event-not-found');
    if (attempt >= 3) throw new DomainError('event-changed');
    event = again;
  }
}

/** Notices a commit carries at most: two items each (the notice and its inbox count), under DynamoDB's 100. */
const NOTICES_PER_COMMIT = 40;

/**
 * POST /admin/events/{id}/postpone: a new start time (and venue) for an undecided match, remembering the
 * first one; its bets stand, and each bettor is told. Audited as 'postponed'.
 */
export async function postponeEvent(eventId: string, input: PostponeEventInput, actor: Actor, now = new Date()): Promise<AdminEvent> {
  const event = await authoriseEvent(actor, eventId);
  if (isEventFinished(event)) throw new DomainError('event-decided');
  const venue = input.venue !== undefined && input.venue !== (event.venue ?? '') ? input.venue : undefined;
  const detail = `to ${input.time}${venue ? ` at ${venue}` : ''} (was ${event.time})`;
  const audit = await auditEntries(actor, eventId, [{ action: 'postponed', detail }], now);
  const updated = await events.updateEvent(eventId, { time: input.time, postponedFrom: event.postponedFrom ?? event.time, ...(venue !== undefined && { venue }) }, audit);
  if (!updated) {
    const again = await events.getEvent(eventId, true);
    throw new DomainError(again && isEventFinished(again) ? 'event-decided' : 'event-changed');
  }
  await tellBettors(updated, now);
  return adminEvent(updated);
}

/** Each bettor of the match is told it was postponed (once per new time: a repeat writes nothing new). */
async function tellBettors(event: events.EventRecord, now: Date): Promise<void> {
  await Promise.all(
    Array.from({ length: bets.BET_INDEX_SHARDS }, async (_, shard) => {
      let startKey: Awaited<ReturnType<typeof bets.listUnsettledBetsPage>>['nextKey'];
      do {
        const page = await bets.listUnsettledBetsPage(event.id, shard, 200, startKey);
        for (let i = 0; i < page.bets.length; i += NOTICES_PER_COMMIT) {
          const told = page.bets.slice(i, i + NOTICES_PER_COMMIT).map((bet) => notices.matchPostponed(bet.userId, event.id, bet.teamName, event.time, now.toISOString()));
          try {
            await commitNotifying([], told);
          } catch (error) {
            if (!cancellationCodes(error)) throw error; // told already, by an earlier try of the same postponement
          }
        }
        startKey = page.nextKey;
      } while (startKey);
    }),
  );
}
