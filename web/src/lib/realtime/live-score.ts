// A pushed live score, for the tournament's pictures: a push that only moves it is laid over the bracket
// rather than read again by every watcher (live-tournament.ts).
import type { LiveEventState, TournamentShape } from '#shared/api.ts';
import type { ResultDetail, Score } from '#shared/match-results.ts';

const sameScore = (a: Score | undefined, b: Score | undefined) => a?.home === b?.home && a?.away === b?.away;
const sameResult = (a: ResultDetail | undefined, b: ResultDetail | undefined) => a?.kind === b?.kind && sameScore(a?.score, b?.score) && a?.note === b?.note;

/**
 * Whether a pushed state changes the live score and nothing else: every watcher gets each goal, so such a
 * push is laid over what is shown rather than read again.
 */
export function onlyLiveScoreChanged(before: LiveEventState | undefined, after: LiveEventState): boolean {
  return (
    before !== undefined &&
    !sameScore(before.liveScore, after.liveScore) &&
    before.time === after.time &&
    before.isBetActive === after.isBetActive &&
    before.winnerTeamId === after.winnerTeamId &&
    Boolean(before.isVoid) === Boolean(after.isVoid) &&
    sameResult(before.result, after.result) &&
    before.postponedFrom === after.postponedFrom
  );
}

/** The tournament's shape with a pushed live score laid over its bracket match (a league match's shows on its card only). */
export function withLiveScore(shape: TournamentShape, state: LiveEventState): TournamentShape {
  const { bracket } = shape;
  if (!bracket?.rounds.some((round) => round.matches.some((match) => match.eventId === state._id))) return shape;
  const rounds = bracket.rounds.map((round) => ({
    ...round,
    matches: round.matches.map((match) => {
      if (match.eventId !== state._id) return match;
      const { liveScore: _, ...rest } = match;
      return state.liveScore ? { ...rest, liveScore: state.liveScore } : rest;
    }),
  }));
  return { ...shape, bracket: { ...bracket, rounds } };
}
