// Deciding an event: an organiser or the operator declares the winner or voids it, once, with its audit
// entry in the same transaction. That closes betting; settling the bets is the worker's (settling.ts),
// queued by the handler. No HTTP in here: the handler and the tests call it alike.
import type { EventResult } from '#shared/api.ts';
import type { EventOutcome } from '#shared/schemas.ts';
import { conditionFailedAt, type TransactItem } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as eventOutcomes from '#functions/data/event-outcomes.ts';
import * as teams from '#functions/data/teams.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { type AuditedAction, auditEntries } from '#functions/catalog/event-audit.ts';
import { currentReplacement, describeMatch } from '#functions/betting/match-descriptions.ts';
import { type Actor, assertWinnerOfTournament, authoriseEvent } from '#functions/catalog/organisers.ts';
import { advanceItems } from './advancing-on-result.ts';

const resultOf = (event: events.EventRecord): EventResult => ({
  eventId: event.id,
  winnerTeamId: event.winnerTeamId ?? null,
  isVoid: event.isVoid === true,
  decidedAt: event.decidedAt!,
});

/** Declares the winner or voids the event (commitDecision), with its audit entry in the same transaction. */
export async function decideEvent(id: string, outcome: EventOutcome, actor: Actor) {
  const event = await authoriseEvent(actor, id);
  if (event.replacedBy) throw await replacedError(event.replacedBy);
  const winner = outcome.winnerTeamId && (await teams.getTeam(outcome.winnerTeamId));
  // A match made before teams were held to their tournament may have another's: that one cannot be its winner.
  if (winner && events.playsIn(event, winner.id)) assertWinnerOfTournament(event.tournamentId, winner);
  const decision: AuditedAction = outcome.isVoid
    ? { action: 'voided', onceAs: 'result' }
    : { action: 'decided', detail: `winner ${winner ? winner.teamName : outcome.winnerTeamId}`, onceAs: 'result' };
  if (!events.hasBothTeams(event)) throw new DomainError('event-awaiting-teams');
  const now = new Date();
  const audit = await auditEntries(actor, id, [decision], now);
  for (;;) {
    // A knockout match's winner goes into its next match in the same transaction (advancing-on-result.ts).
    const advancing = await advanceItems(event, outcome);
    try {
      return await commitDecision(event.id, outcome, now, [...audit, ...advancing]);
    } catch (error) {
      // The next match's other side filled since it was read (the other feeder decided at once): read it again.
      if (advancing.length > 0 && conditionFailedAt(error, 1 + audit.length)) continue;
      throw error;
    }
  }
}

/** The refusal of a result on a replaced match, naming the match in its place now: 'the new Final (R2-M1): Ganga v Tapti'. */
async function replacedError(replacementId: string): Promise<DomainError> {
  const current = await currentReplacement(replacementId);
  return new DomainError('event-replaced', current ? `the new ${await describeMatch(current)}` : 'a new match');
}

/**
 * decideEvent's transaction, without its authorisation and audit entry (`alsoWrite` carries those):
 * closes betting and records the outcome once. The same outcome again answers the recorded result (so
 * the caller may queue settlement again); a different one is a conflict.
 */
export async function commitDecision(eventId: string, outcome: EventOutcome, now = new Date(), alsoWrite: TransactItem[] = []): Promise<EventResult> {
  const decidedAt = now.toISOString();
  const attempt = await eventOutcomes.recordOutcome(eventId, outcome, decidedAt, alsoWrite);
  if (attempt.recorded) return { eventId, winnerTeamId: outcome.winnerTeamId ?? null, isVoid: outcome.isVoid === true, decidedAt };
  const { current } = attempt;
  if (!current) throw new DomainError('event-not-found');
  // A correction replaced the match while this result was on its way.
  if (current.replacedBy) throw await replacedError(current.replacedBy);
  // Still undecided: only a winner who does not play in the event is refused that way.
  if (!current.decidedAt) throw new DomainError('team-not-in-event');
  const same = outcome.isVoid ? current.isVoid === true : current.winnerTeamId === outcome.winnerTeamId;
  if (!same) throw new DomainError('result-conflict');
  return resultOf(current);
}
