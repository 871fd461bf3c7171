// A match's score and result in the bettor's words: on its card, its bet screen and in the bracket.
import type { ResultDetail, Score } from '#shared/match-results.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';

/**
 * '2–1', home first, as shared/sports.ts describeScore writes it (its test holds them alike): not imported,
 * since the sports' rules would come with it into the cards' and bet screen's first load.
 */
export const scoreText = (score: Score) => `${score.home}–${score.away}`;

// Every result but a win returns the stakes (shared/match-results.ts stakesReturned).
const RETURNED = ' · stakes returned';

/**
 * A decided match's result line: 'Tapti 2–1 Ganga', 'Draw 1–1 · stakes returned', 'Tapti won by walkover ·
 * stakes returned', 'Abandoned · stakes returned'. Null where the older words stay: a win with no score
 * ('Winner: Tapti') and a plain void ('Match called off').
 */
export function resultLine(result: ResultDetail | undefined, home: string, away: string, winner: string | undefined): string | null {
  const score = result?.score;
  switch (result?.kind) {
    case 'won':
      if (!score) return null;
      // A level score was settled another way (penalties, a super over): it cannot say who won.
      return `${home} ${scoreText(score)} ${away}${score.home === score.away && winner ? ` · ${winner} won` : ''}`;
    case 'walkover':
      return `${winner ?? 'The team that turned up'} won by walkover${RETURNED}`;
    case 'draw':
      return `Draw${score ? ` ${scoreText(score)}` : ''}${RETURNED}`;
    case 'abandoned':
      return `Abandoned${RETURNED}`;
    default:
      return null;
  }
}

/** 'Live · Tapti 2–1 Ganga'. */
export const liveLine = (score: Score, home: string, away: string) => `Live · ${home} ${scoreText(score)} ${away}`;

/** 'Postponed from 16:00 IST' (the same day as its new time), else 'Postponed from 5 Sept 2026, 16:00 IST'. */
export function postponedLine(from: string, to: string): string {
  const day = formatDate(from);
  return `Postponed from ${day === formatDate(to) ? '' : `${day}, `}${formatTimeWithZone(from)}`;
}
