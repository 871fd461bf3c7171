// Whether a result fits its match: its sport (draws, the walkover score) and its stage (no draw in a
// knockout), read from its tournament; and the result in the audit trail's words. For the organisers'
// results (settlement/results.ts) and the referees' (scorer-links.ts) alike.
import { describeResult, type EventOutcome, resultDetailOf, resultProblem, walkoverScore } from '#shared/match-results.ts';
import { sportRules } from '#shared/sports.ts';
import type * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';

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
