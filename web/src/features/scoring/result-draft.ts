// The referee's result before it is sent: what the final score allows (the server refuses the rest,
// shared/match-results.ts resultProblem), with the likely answer chosen so ending a match is one tap.
import type { ScorerMatch } from '#shared/api.ts';
import { RESULT_NOTE_MAX_LENGTH, type Score } from '#shared/match-results.ts';
import type { EndBody } from './offline-queue.ts';

/** A team's id, or 'draw'. */
export type ResultChoice = string;
export const DRAW: ResultChoice = 'draw';

export interface ResultDraft {
  choice: ResultChoice | null;
  note: string;
}

type DraftMatch = Pick<ScorerMatch, 'teams' | 'drawAllowed'>;

export const isLevel = (score: Score) => score.home === score.away;

/**
 * What the result may be: the leader (a winner never has the lower score); at a level score a draw
 * where the match allows one, else either team (who went through, on penalties or a super over).
 */
export function resultChoices(match: DraftMatch, score: Score): ResultChoice[] {
  const [home, away] = match.teams;
  if (score.home > score.away) return [home._id];
  if (score.away > score.home) return [away._id];
  return match.drawAllowed ? [DRAW] : [home._id, away._id];
}

/** A level score in a match that needs a winner: the referee says who went through, and may say how. */
export const asksWhoWentThrough = (match: DraftMatch, score: Score) => isLevel(score) && !match.drawAllowed;

/** The draft 'End match' opens: the only possible result chosen, none when the referee must say. */
export function initialDraft(match: DraftMatch, score: Score): ResultDraft {
  const choices = resultChoices(match, score);
  return { choice: choices.length === 1 ? choices[0] : null, note: '' };
}

/** What a choice reads as: 'Tapti won', 'Draw', 'Tapti went through'. */
export function choiceLabel(match: DraftMatch, score: Score, choice: ResultChoice): string {
  if (choice === DRAW) return 'Draw';
  const name = match.teams.find((team) => team._id === choice)?.teamName ?? '';
  return isLevel(score) ? `${name} went through` : `${name} won`;
}

export const NOTE_MAX_LENGTH = RESULT_NOTE_MAX_LENGTH;

/** The request for the draft, or why it cannot be sent yet. */
export function endBodyOf(match: DraftMatch, score: Score, draft: ResultDraft, takenAt: number): { body: EndBody } | { problem: string } {
  const choices = resultChoices(match, score);
  if (draft.choice === null || !choices.includes(draft.choice)) {
    return { problem: asksWhoWentThrough(match, score) ? 'Choose the team that went through' : 'Choose the result' };
  }
  const note = asksWhoWentThrough(match, score) ? draft.note.trim() : '';
  if (note.length > NOTE_MAX_LENGTH) return { problem: `Say how it was settled in at most ${NOTE_MAX_LENGTH} characters` };
  const base = { score: { home: score.home, away: score.away }, takenAt, ...(note && { note }) };
  return { body: draft.choice === DRAW ? { ...base, draw: true } : { ...base, winnerTeamId: draft.choice } };
}
