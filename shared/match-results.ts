// What a match's result may be, and whether one makes sense for its sport and stage: pure, so the
// organiser's dialog refuses what the server would (docs/architecture.md, "Results and scores").
import { MSG } from './messages.ts';
import { describeScore, type ScoreUnit, type SportRules } from './sports.ts';
import type { MatchResult } from './standings.ts';

/** Home, then away: whole numbers of the sport's unit (goals, runs, points, sets). */
export interface Score {
  home: number;
  away: number;
}

export const SCORE_MAX = 999;
export const RESULT_NOTE_MAX_LENGTH = 80;

/**
 * A decided match's outcome. A winner may have won by walkover (the other side did not turn up: not
 * played, so its bets are refunded); a void may say the match was abandoned; a draw is a result of a
 * league or group match of a sport that has draws. A note says how a level knockout match was settled
 * ('5–4 on penalties').
 */
export type EventOutcome = (
  | { winnerTeamId: string; isVoid?: undefined; isDraw?: undefined; walkover?: true; abandoned?: undefined }
  | { isVoid: true; winnerTeamId?: undefined; isDraw?: undefined; walkover?: undefined; abandoned?: true }
  | { isDraw: true; winnerTeamId?: undefined; isVoid?: undefined; walkover?: undefined; abandoned?: undefined }
) & { score?: Score; note?: string };

export type ResultKind = 'won' | 'walkover' | 'draw' | 'void' | 'abandoned';

/** A decided match's result as the pages show it (with the winner named apart). */
export interface ResultDetail {
  kind: ResultKind;
  score?: Score;
  note?: string;
}

export const resultKindOf = (outcome: EventOutcome): ResultKind =>
  outcome.isDraw ? 'draw' : outcome.isVoid ? (outcome.abandoned ? 'abandoned' : 'void') : outcome.walkover ? 'walkover' : 'won';

export const resultDetailOf = (outcome: EventOutcome): ResultDetail => ({
  kind: resultKindOf(outcome),
  ...(outcome.score && { score: outcome.score }),
  ...(outcome.note && { note: outcome.note }),
});

/**
 * Whether the match's bets get their stakes back rather than win or lose: a void or an abandoned match,
 * a draw (a match bet names a winner, and there is none), and a walkover (the match was not played).
 */
export const stakesReturned = (outcome: { isVoid?: boolean; isDraw?: boolean; walkover?: boolean }) =>
  outcome.isVoid === true || outcome.isDraw === true || outcome.walkover === true;

/** Whether two outcomes are the same result, score and note included. */
export const sameResult = (a: EventOutcome, b: EventOutcome) =>
  resultKindOf(a) === resultKindOf(b) &&
  a.winnerTeamId === b.winnerTeamId &&
  a.score?.home === b.score?.home &&
  a.score?.away === b.score?.away &&
  (a.note ?? '') === (b.note ?? '');

/** The match a result is checked against: its teams, home first, and whether it is a knockout match. */
export interface ResultContext {
  teamIds: readonly string[];
  knockout: boolean;
  rules: SportRules;
}

/**
 * Why this outcome cannot be the match's result (a sentence the organiser reads), or undefined when it
 * can. A winner must play in the match and not have the lower score; a level score with a winner is
 * refused in a league of a sport with draws (it is a draw there), and elsewhere stands (a knockout's
 * shoot-out, a cricket super over), its note saying how it was settled when the organiser gives one.
 */
export function resultProblem(outcome: EventOutcome, match: ResultContext): string | undefined {
  const { score } = outcome;
  if (outcome.winnerTeamId !== undefined && !match.teamIds.includes(outcome.winnerTeamId)) return MSG.teamNotInEvent;
  if (outcome.isDraw) {
    if (match.knockout) return MSG.drawInKnockout(match.rules.decider);
    if (!match.rules.drawable) return MSG.drawNotInSport(match.rules.label);
    if (score && score.home !== score.away) return MSG.drawScoreNotLevel;
    return undefined;
  }
  if (outcome.isVoid) return score ? MSG.voidHasNoScore : undefined;
  if (!score) return undefined;
  const winnerScore = outcome.winnerTeamId === match.teamIds[0] ? score.home : score.away;
  const loserScore = outcome.winnerTeamId === match.teamIds[0] ? score.away : score.home;
  if (winnerScore < loserScore) return MSG.winnerScoreLower;
  if (winnerScore === loserScore && !outcome.walkover) {
    if (!match.knockout && match.rules.drawable) return MSG.levelScoreIsDraw;
  }
  return undefined;
}

/** The score a walkover is recorded with: the sport's (football 3–0), the team that turned up first. */
export function walkoverScore(rules: SportRules, winnerIsHome: boolean): Score | undefined {
  const given = rules.walkoverScore;
  if (!given) return undefined;
  return winnerIsHome ? { home: given.winner, away: given.loser } : { home: given.loser, away: given.winner };
}

/** 'Tapti 2–1 Ganga', 'Draw 1–1', 'Tapti won by walkover', 'Abandoned', 'Void', 'Tapti won' (no score). */
export function describeResult(detail: ResultDetail, home: string, away: string, winner: string | undefined, unit: ScoreUnit): string {
  const scored = detail.score && describeScore(detail.score, unit);
  const note = detail.note ? ` (${detail.note})` : '';
  switch (detail.kind) {
    case 'void':
      return 'Void';
    case 'abandoned':
      return 'Abandoned';
    case 'draw':
      return `Draw${scored ? ` ${scored}` : ''}${note}`;
    case 'walkover':
      return `${winner ?? 'The team that turned up'} won by walkover`;
    case 'won':
      return scored ? `${home} ${scored} ${away}${winner ? ` · ${winner} won` : ''}${note}` : `${winner ?? 'Decided'} won${note}`;
  }
}

/**
 * A decided match as its table counts it (shared/standings.ts): a win (a walkover too, with its score),
 * a draw, or nothing for a void or an abandoned match.
 */
export function tableResultOf(teamIds: readonly [string, string], outcome: EventOutcome): MatchResult {
  return {
    home: teamIds[0],
    away: teamIds[1],
    winner: outcome.winnerTeamId ?? null,
    ...(outcome.isDraw && { draw: true }),
    ...(outcome.score && !outcome.isVoid && { score: outcome.score }),
  };
}
