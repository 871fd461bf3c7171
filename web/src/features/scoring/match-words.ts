// A referee's match in words: its name, when it starts, where it stands. Light on purpose: the list of
// matches loads it with the page (the result's words come with the scorer, result-words.ts).
import type { ScorerMatch } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import type { Score } from '#shared/match-results.ts';
import { matchName } from '#shared/match-names.ts';

export const teamsLine = (match: Pick<ScorerMatch, 'teams'>) => `${match.teams[0].teamName} v ${match.teams[1].teamName}`;

/** '14:00 UTC · Group A · Matchday 1', the day too when it is not today. */
export function whenLine(match: Pick<ScorerMatch, 'time' | 'stage' | 'matchKey'>, now = new Date()): string {
  const day = formatDate(match.time);
  const time = day === formatDate(now) ? formatTimeWithZone(match.time) : `${day}, ${formatTimeWithZone(match.time)}`;
  return [time, matchName(match.stage, match.matchKey)].filter(Boolean).join(' · ');
}

export const scoreText = (score: Score) => `${score.home}–${score.away}`;

/** 'Saved on this phone: sends when you're back online (3 taps)'. */
export const heldLine = (taps: number) => `Saved on this phone: sends when you're back online (${taps} ${taps === 1 ? 'tap' : 'taps'})`;
