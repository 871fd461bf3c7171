// How leaderboard rows are shown: most trophies first; equal trophies share a place (1, 1, 3: standard
// competition ranking, lib/places.ts: every board's rule) and are listed by name (TIE_BREAK says so on the page); medals go by place, so
// two bettors tied first both get gold and the next one bronze, and only to rows that won a trophy (a
// new tournament's board of zeros is one shared place, not eight gold medals).
import type { LeaderboardRow } from '#shared/api.ts';
import { LEADERBOARD_TABS, type LeaderboardTab } from '../../lib/paths.ts';
import { sharedPlaces } from '../../lib/places.ts';
import { queryChoice } from '../../lib/query-choice.ts';

export type Medal = 'gold' | 'silver' | 'bronze';

export interface RankedRow extends LeaderboardRow {
  rank: string;
  medal: Medal | null;
}

const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

/** How rows with equal trophies are ordered, as the page states it. */
export const TIE_BREAK = 'Equal trophies share a place, listed by name.';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function rankRows<Row extends LeaderboardRow>(rows: readonly Row[]): (Row & RankedRow)[] {
  // Two teams of one name (of two tournaments) by their tournament's title, so the order never flickers.
  const ordered = [...rows].sort((a, b) => b.trophy - a.trophy || byName.compare(a.name, b.name) || byName.compare(a.tournamentTitle ?? '', b.tournamentTitle ?? ''));
  const places = sharedPlaces(ordered, (a, b) => a.trophy === b.trophy);
  return ordered.map((row, index) => {
    const place = places[index];
    return { ...row, rank: `#${place}`, medal: row.trophy > 0 ? (MEDALS[place - 1] ?? null) : null };
  });
}

/** The boardFor query as a tab, or null when it is missing or unknown (the page then redirects to teams). */
export const parseBoard = (boardFor: string | null): LeaderboardTab | null => queryChoice(LEADERBOARD_TABS, boardFor);
