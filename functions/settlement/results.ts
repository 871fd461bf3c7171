// Deciding an event: an organiser or the operator declares the winner or voids it, once, with its audit
// entry in the same transaction. That closes betting; settling the bets is the worker's (settling.ts),
// queued by the handler. No HTTP in here: the handler and the tests call it alike.
import type { EventResult } from '#shared/api.ts';
import { type EventOutcome, resultDetailOf } from '#shared/match-results.ts';
import { conditionFailedAt, type TransactItem } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as eventOutcomes from '#functions/data/event-outcomes.ts';
import * as teams from '#functions/data/teams.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { type AuditedAction, auditEntries } from '#functions/catalog/event-audit.ts';
import { currentReplacement, describeMatch } from '#functions/betting/match-descriptions.ts';
import { type Actor, assertWinnerOfTournament, authoriseEvent } from '#functions/catalog/organisers.ts';
import { advanceItems } from './advancing-on-result.ts';
import { describeOutcome, fitOutcome } from '#functions/catalog/result-rules.ts';

const resultOf = (event: events.EventRecord): EventResult => ({
  eventId: event.id,
  winnerTeamId: event.winnerTeamId ?? null,
  isVoid: event.isVoid === true,
  decidedAt: event.decidedAt!,
  result: resultDetailOf(events.outcomeOf(event)),
});

/**
 * Declares the winner, a draw or a void (commitDecision), with its audit entry in the same transaction.
 * `how` adds to the entry how it came ('confirmed: sent by Scorer link: Court 2').
 */
export async function decideEvent(id: string, given: EventOutcome, actor: Actor, how?: string) {
  const event = await authoriseEvent(actor, id);
  const now = new Date();
  return decideWithAudit(event, given, now, (decision) => auditEntries(actor, id, [withHow(decision, how)], now));
}

const withHow = (decision: AuditedAction, how: string | undefined): AuditedAction =>
  how ? { ...decision, detail: decision.detail ? `${decision.detail} (${how})` : how } : decision;

/** How the audit trail records a decision: decided with the result in words, or voided (abandoned). */
async function decisionOf(event: events.EventRecord, outcome: EventOutcome): Promise<AuditedAction> {
  return outcome.isVoid
    ? { action: 'voided', ...(outcome.abandoned && { detail: 'abandoned' }), onceAs: 'result' }
    : { action: 'decided', detail: await describeOutcome(event, outcome), onceAs: 'result' };
}

/**
 * Decides the event (already authorised) with the audit items `audit` makes of the decision; shared by an
 * organiser's result and a referee's that stood undisputed (provisional-results.ts).
 */
export async function decideWithAudit(
  event: events.EventRecord,
  given: EventOutcome,
  now: Date,
  audit: (decision: AuditedAction) => Promise<TransactItem[]>,
  how?: string,
): Promise<EventResult> {
  const id = event.id;
  if (event.replacedBy) throw await replacedError(event.replacedBy);
  const winner = given.winnerTeamId && (await teams.getTeam(given.winnerTeamId));
  // A match made before teams were held to their tournament may have another's: that one cannot be its winner.
  if (winner && events.playsIn(event, winner.id)) assertWinnerOfTournament(event.tournamentId, winner);
  if (!events.hasBothTeams(event)) throw new DomainError('event-awaiting-teams');
  const outcome = await fitOutcome(event, given);
  const auditItems = await audit(withHow(await decisionOf(event, outcome), how));
  for (;;) {
    // A knockout match's winner goes into its next match in the same transaction (advancing-on-result.ts).
    const advancing = await advanceItems(event, outcome);
    try {
      return await commitDecision(id, outcome, now, [...auditItems, ...advancing]);
    } catch (error) {
      // The next match's other side filled since it was read (the other feeder decided at once): read it again.
      if (advancing.length > 0 && conditionFailedAt(error, 1 + auditItems.length)) continue;
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
  if (attempt.recorded) return { eventId, winnerTeamId: outcome.winnerTeamId ?? null, isVoid: outcome.isVoid === true, decidedAt, result: resultDetailOf(outcome) };
  const { current } = attempt;
  if (!current) throw new DomainError('event-not-found');
  // A correction replaced the match while this result was on its way.
  if (current.replacedBy) throw await replacedError(current.replacedBy);
  // Still undecided: only a winner who does not play in the event is refused that way.
  if (!current.decidedAt) throw new DomainError('team-not-in-event');
  // A repeat of the result (a double tap, a retry) answers it; the score and note must match too.
  const recorded = events.outcomeOf(current);
  const same = outcome.isVoid || outcome.isDraw ? resultDetailOf(recorded).kind === resultDetailOf(outcome).kind : recorded.winnerTeamId === outcome.winnerTeamId;
  const { score } = recorded;
  if (!same || (outcome.score && (!score || outcome.score.home !== score.home || outcome.score.away !== score.away))) throw new DomainError('result-conflict');
  return resultOf(current);
}
