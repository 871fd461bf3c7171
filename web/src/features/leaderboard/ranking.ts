// How leaderboard rows are shown: '#n' by position (the server already orders them, ties stably) and
// medals for the top three.
import type { LeaderboardRow } from '#shared/api.ts';
import { LEADERBOARD_BOARDS, type LeaderboardBoard } from '../../lib/paths.ts';
import { queryChoice } from '../../lib/query-choice.ts';

export type Medal = 'gold' | 'silver' | 'bronze';

export interface RankedRow extends LeaderboardRow {
  rank: string;
  medal: Medal | null;
}

const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

export const rankRows = (rows: readonly LeaderboardRow[]): RankedRow[] =>
  rows.map((row, index) => ({ ...row, rank: `#${index + 1}`, medal: MEDALS[index] ?? null }));

/** The boardFor query as a board, or null when it is missing or unknown (the page then redirects to teams). */
export const parseBoard = (boardFor: string | null): LeaderboardBoard | null => queryChoice(LEADERBOARD_BOARDS, boardFor);
