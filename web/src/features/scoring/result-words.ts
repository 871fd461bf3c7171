// A result in the referee's words, as the organisers' audit trail writes it: with the scorer's chunk,
// not the page's first load (the sports' result rules come with it).
import type { ScorerMatch } from '#shared/api.ts';
import { describeResult, type ResultDetail } from '#shared/match-results.ts';
import type { ScoreUnit } from '#shared/sports.ts';
import type { EndBody } from './offline-queue.ts';

/** 'Tapti 2–1 Ganga · Tapti won', 'Draw 2–2'. */
export function resultText(match: Pick<ScorerMatch, 'teams'>, detail: ResultDetail, winnerTeamId: string | null | undefined, unit: ScoreUnit): string {
  const [home, away] = match.teams;
  const winner = match.teams.find((team) => team._id === winnerTeamId)?.teamName;
  return describeResult(detail, home.teamName, away.teamName, winner, unit);
}

/** A result still on the phone, as the server will describe it. */
export const heldResultText = (match: Pick<ScorerMatch, 'teams'>, end: EndBody, unit: ScoreUnit) =>
  resultText(match, { kind: end.draw ? 'draw' : 'won', score: end.score, ...(end.note && { note: end.note }) }, end.winnerTeamId, unit);

/** 'Result pending: the organiser confirms it, or it stands in 30 minutes'. */
export function pendingLine(confirmsAt: string, now: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(confirmsAt) - now) / 60_000));
  return `Result pending: the organiser confirms it, or it stands in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
