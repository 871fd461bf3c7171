// Deciding an event: an organiser or the operator declares the winner or voids it, once, with its audit
// entry in the same transaction. That closes betting; settling the bets is the worker's (settling.ts),
// queued by the handler. No HTTP in here: the handler and the tests call it alike.
import type { EventResult } from '#shared/api.ts';
import { describeResult, type EventOutcome, resultDetailOf, resultProblem, walkoverScore } from '#shared/match-results.ts';
import { sportRules } from '#shared/sports.ts';
import { conditionFailedAt, type TransactItem } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as eventOutcomes from '#functions/data/event-outcomes.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
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
  result: resultDetailOf(events.outcomeOf(event)),
});

/**
 * The outcome as it is recorded for this match: a walkover given no score takes its sport's. Refused
 * ('result-invalid', saying why) when it does not fit the sport or the stage: a draw in a knockout or in
 * a sport without draws, a winner with the lower score (shared/match-results.ts resultProblem).
 */
export async function fitOutcome(event: events.EventRecord, outcome: EventOutcome): Promise<EventOutcome> {
  const rules = sportRules((await tournaments.getTournament(event.tournamentId))?.sport);
  const usualScore = outcome.walkover && !outcome.score ? walkoverScore(rules, outcome.winnerTeamId === event.teamIds[0]) : undefined;
  const fitted: EventOutcome = usualScore ? { ...outcome, score: usualScore } : outcome;
  const problem = resultProblem(fitted, { teamIds: event.teamIds, knockout: event.bracket !== undefined, rules });
  if (problem) throw new DomainError('result-invalid', problem);
  return fitted;
}

/** The outcome in the audit trail's words: 'Tapti 2–1 Ganga · Tapti won', 'Draw 1–1', 'Ganga won by walkover'. */
export async function describeOutcome(event: events.EventRecord, outcome: EventOutcome): Promise<string> {
  const named = await teams.getTeams([...event.teamIds]);
  const name = (id: string | undefined) => (id === undefined ? undefined : (named.get(id)?.teamName ?? id));
  const unit = sportRules((await tournaments.getTournament(event.tournamentId))?.sport).scoreUnit;
  return describeResult(resultDetailOf(outcome), name(event.teamIds[0])!, name(event.teamIds[1])!, name(outcome.winnerTeamId), unit);
}

/** Declares the winner or voids the event (commitDecision), with its audit entry in the same transaction. */
export async function decideEvent(id: string, given: EventOutcome, actor: Actor) {
  const event = await authoriseEvent(actor, id);
  if (event.replacedBy) throw await replacedError(event.replacedBy);
  const winner = given.winnerTeamId && (await teams.getTeam(given.winnerTeamId));
  // A match made before teams were held to their tournament may have another's: that one cannot be its winner.
  if (winner && events.playsIn(event, winner.id)) assertWinnerOfTournament(event.tournamentId, winner);
  if (!events.hasBothTeams(event)) throw new DomainError('event-awaiting-teams');
  const outcome = await fitOutcome(event, given);
  const decision: AuditedAction = outcome.isVoid
    ? { action: 'voided', ...(outcome.abandoned && { detail: 'abandoned' }), onceAs: 'result' }
    : { action: 'decided', detail: await describeOutcome(event, outcome), onceAs: 'result' };
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
  if (!same || (outcome.score && (outcome.score.home !== recorded.score?.home || outcome.score.away !== recorded.score?.away))) throw new DomainError('result-conflict');
  return resultOf(current);
}
