// Correcting a wrong result. The operator (or an organiser of the tournament) records the right outcome
// within 48 hours of the decision, as the event's next generation (0 the first result, n the n-th
// correction); that moves the teams' trophies at once. The handler then queues the re-settlement of the
// bets (resettling.ts). No HTTP in here: the handler and the tests call it alike.
import { correctionDeadline } from '#shared/corrections.ts';
import type { CorrectionResult } from '#shared/api.ts';
import { type EventOutcome, resultDetailOf, sameResult } from '#shared/match-results.ts';
import { cancellationCodes, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as eventOutcomes from '#functions/data/event-outcomes.ts';
import * as teams from '#functions/data/teams.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { auditEntries } from '#functions/catalog/event-audit.ts';
import { type Actor, assertWinnerOfTournament, authoriseEvent } from '#functions/catalog/organisers.ts';
import { readvanceItems } from './advancing-on-result.ts';
import { assertGroupPlacesHold } from './group-places.ts';
import { describeOutcome, fitOutcome } from '#functions/catalog/result-rules.ts';


const resultOf = (event: events.EventRecord, outcome: EventOutcome, correction: number): CorrectionResult => ({
  eventId: event.id,
  winnerTeamId: outcome.winnerTeamId ?? null,
  isVoid: outcome.isVoid === true,
  result: resultDetailOf(outcome),
  decidedAt: event.decidedAt!,
  correction,
  correctableUntil: correctionDeadline(event.decidedAt!),
});

/**
 * For an operator or an organiser of the event's tournament (403 otherwise): records the corrected
 * outcome as the event's next generation, moves the teams' trophies (the old
 * winner's -1, the new one's +1) and writes the audit entry, all in one transaction. Refused when the
 * event has no result, the 48 hours are over, the outcome is already this one, or the bets are still
 * being settled (by the result or an earlier correction). Repeating the correction still in progress
 * answers it again, so the caller may queue it again.
 */
export async function recordCorrection(eventId: string, given: EventOutcome, actor: Actor, now = new Date()): Promise<CorrectionResult> {
  await authoriseEvent(actor, eventId);
  for (;;) {
    const event = await events.getEvent(eventId, true);
    if (!event) throw new DomainError('event-not-found');
    if (!event.decidedAt) throw new DomainError('event-not-decided');
    if (now.toISOString() > correctionDeadline(event.decidedAt)) throw new DomainError('correction-window-closed');
    if (given.winnerTeamId && !events.playsIn(event, given.winnerTeamId)) throw new DomainError('team-not-in-event');
    const outcome = await fitOutcome(event, given);
    const current = events.outcomeOf(event);
    const generation = events.correctionOf(event);
    if (sameResult(current, outcome)) {
      if (generation > 0 && !events.isFullySettled(event)) return resultOf(event, outcome, generation);
      throw new DomainError('correction-same-outcome');
    }
    if (!events.isFullySettled(event)) throw new DomainError('correction-in-progress');

    const correction: events.CorrectionRecord = { generation: generation + 1, from: current, to: outcome, at: now.toISOString(), byUserId: actor.userId };
    const eventTeams = await Promise.all(event.teamIds.map((id) => teams.getTeam(id, true)));
    const winner = eventTeams.find((team) => team?.id === outcome.winnerTeamId);
    if (winner) assertWinnerOfTournament(event.tournamentId, winner);
    // A knockout's winner moves on: the next match is re-filled, or voided and replaced (advancing-on-result.ts);
    // a group's places, once the knockout has them, stay (group-places.ts).
    await assertGroupPlacesHold(event, outcome);
    const readvance = await readvanceItems(event, current, outcome, actor, now);
    try {
      // A next match voided and replaced: its gates close before, and the replacement's follow it after.
      await events.gatedTransaction([
        eventOutcomes.correctOutcomeItem(event, correction, readvance.nextEventId),
        ...teamTrophyMoves(event, outcome, eventTeams),
        ...(await auditEntries(actor, eventId, [{ action: 'corrected', detail: `${await describeOutcome(event, outcome)} (was ${await describeOutcome(event, current)})`, onceAs: `corrected-${correction.generation}` }], now)),
        ...readvance.items,
      ], transactWrite);
      return { ...resultOf(event, outcome, correction.generation), ...(readvance.voidedEventId && { replacedNextEventId: readvance.voidedEventId }) };
    } catch (error) {
      // Another correction or a team's count moved since the read: read again and decide again.
      if (!cancellationCodes(error)) throw error;
    }
  }
}

/** The old winner's trophy back (if it was counted) and one for the new winner, guarded by their counts as read. */
function teamTrophyMoves(event: events.EventRecord, outcome: EventOutcome, eventTeams: (teams.TeamRecord | undefined)[]): TransactItem[] {
  const oldWinner = event.teamTrophyAwarded ? event.winnerTeamId : undefined;
  // The same winner (a corrected score, a walkover's): its trophy stays where it is.
  if (oldWinner !== undefined && oldWinner === outcome.winnerTeamId) return [];
  const trophyOf = (id: string) => {
    const team = eventTeams.find((t) => t?.id === id);
    if (!team) throw new Error(`Team ${id} of event ${event.id} does not exist`);
    return team.trophy;
  };
  return [
    ...(oldWinner ? [teams.takeBackTrophyItem(oldWinner, trophyOf(oldWinner))] : []),
    ...(outcome.winnerTeamId ? [teams.awardTrophyItem(outcome.winnerTeamId, trophyOf(outcome.winnerTeamId))] : []),
  ];
}
