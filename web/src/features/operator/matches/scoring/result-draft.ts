// A result as the organiser's dialogs draft it (a choice, two score fields, a walkover tick and a note), and
// what it becomes: the request body, or the sentence saying why the server would refuse it. Pure, so the
// dialogs and their tests read the same rules (shared/match-results.ts resultProblem).
import type { GameEvent } from '#shared/api.ts';
import { type EventOutcome, RESULT_NOTE_MAX_LENGTH, type ResultDetail, resultProblem, SCORE_MAX, type Score, walkoverScore } from '#shared/match-results.ts';
import { MSG } from '#shared/messages.ts';
import { type Sport, type SportRules, sportRules } from '#shared/sports.ts';
import type { EventOutcomeRequest } from '../api/declare-result.ts';

// Choices that are not a team: never a team id (those are UUIDs).
export const DRAW = '#draw';
export const VOID = '#void';
export const ABANDONED = '#abandoned';

export interface ResultDraft {
  /** A team's id (its win), DRAW, VOID, ABANDONED, or '' while nothing is chosen. */
  choice: string;
  /** The score fields as typed: both empty is no score. */
  home: string;
  away: string;
  walkover: boolean;
  note: string;
}

export const emptyResultDraft: ResultDraft = { choice: '', home: '', away: '', walkover: false, note: '' };

/** The match a result is drafted for: its teams (home first), whether it is a knockout match, its sport's rules. */
export interface ResultMatch {
  teamIds: readonly string[];
  knockout: boolean;
  rules: SportRules;
}

// Only a bracket match carries a key (`R1-M2`); league and group matches have a stage but no key.
export const resultMatch = (event: Pick<GameEvent, 'teams' | 'matchKey'>, sport: Sport | undefined): ResultMatch => ({
  teamIds: event.teams.map((team) => team._id),
  knockout: event.matchKey !== undefined,
  rules: sportRules(sport),
});

/** A league or group match of a sport with draws: one that may end drawn. */
export const drawAllowed = (match: ResultMatch) => match.rules.drawable && !match.knockout;

const isTeamChoice = (choice: string, match: ResultMatch) => match.teamIds.includes(choice);

const scoreText = (score: Score | undefined) => ({ home: score ? String(score.home) : '', away: score ? String(score.away) : '' });

/** The score typed: undefined when both fields are empty, null when it is not two whole numbers 0–999. */
export function typedScore(draft: Pick<ResultDraft, 'home' | 'away'>): Score | undefined | null {
  const home = draft.home.trim();
  const away = draft.away.trim();
  if (home === '' && away === '') return undefined;
  const whole = (text: string) => (/^\d{1,3}$/.test(text) && Number(text) <= SCORE_MAX ? Number(text) : null);
  const [h, a] = [whole(home), whole(away)];
  return h === null || a === null ? null : { home: h, away: a };
}

/** A level score with a winner named (not by walkover): settled some other way, which the note says. */
export function noteWanted(draft: ResultDraft, match: ResultMatch): boolean {
  if (!isTeamChoice(draft.choice, match) || draft.walkover) return false;
  const score = typedScore(draft);
  return score !== undefined && score !== null && score.home === score.away;
}

/** Whether the score fields apply: a win or a draw has a score; a void has none. */
export const scoreWanted = (draft: ResultDraft, match: ResultMatch) => draft.choice === DRAW || isTeamChoice(draft.choice, match);

export type DraftVerdict =
  | { kind: 'incomplete' }
  | { kind: 'problem'; problem: string }
  | { kind: 'ready'; request: EventOutcomeRequest; outcome: EventOutcome };

/** What the draft sends, or why it cannot be sent (the server's own sentence), or nothing chosen yet. */
export function draftVerdict(draft: ResultDraft, match: ResultMatch): DraftVerdict {
  if (draft.choice === VOID) return ready({ void: true }, { isVoid: true });
  if (draft.choice === ABANDONED) return ready({ void: true, abandoned: true }, { isVoid: true, abandoned: true });
  if (draft.choice !== DRAW && !isTeamChoice(draft.choice, match)) return { kind: 'incomplete' };
  const score = typedScore(draft);
  if (score === null) return { kind: 'problem', problem: MSG.scoreInvalid };
  const note = noteWanted(draft, match) ? draft.note.trim() : '';
  if (note.length > RESULT_NOTE_MAX_LENGTH) return { kind: 'problem', problem: MSG.resultNoteInvalid };
  const extra = { ...(score && { score }), ...(note && { note }) };
  const [request, outcome]: [EventOutcomeRequest, EventOutcome] =
    draft.choice === DRAW
      ? [{ draw: true, ...extra }, { isDraw: true, ...extra }]
      : [
          { winnerTeamId: draft.choice, ...(draft.walkover && { walkover: true as const }), ...extra },
          { winnerTeamId: draft.choice, ...(draft.walkover && { walkover: true as const }), ...extra },
        ];
  const problem = resultProblem(outcome, match);
  return problem ? { kind: 'problem', problem } : ready(request, outcome);
}

const ready = (request: EventOutcomeRequest, outcome: EventOutcome): DraftVerdict => ({ kind: 'ready', request, outcome });

/** The walkover score for this winner, as the fields show it ('' when the sport has none). */
const walkoverText = (winnerTeamId: string, match: ResultMatch) => scoreText(walkoverScore(match.rules, winnerTeamId === match.teamIds[0]));

/** A new choice: a walkover stays ticked (its score follows the winner) only while a team is chosen. */
export function withChoice(draft: ResultDraft, choice: string, match: ResultMatch): ResultDraft {
  if (!draft.walkover) return { ...draft, choice };
  if (isTeamChoice(choice, match)) return { ...draft, choice, ...walkoverText(choice, match) };
  return { ...draft, choice, walkover: false, home: '', away: '' };
}

/** The walkover ticked (the score becomes the sport's walkover score) or unticked (that score goes). */
export function withWalkover(draft: ResultDraft, walkover: boolean, match: ResultMatch): ResultDraft {
  if (!isTeamChoice(draft.choice, match)) return draft;
  if (walkover) return { ...draft, walkover, ...walkoverText(draft.choice, match) };
  const filled = walkoverText(draft.choice, match);
  const untouched = draft.home === filled.home && draft.away === filled.away;
  return { ...draft, walkover, ...(untouched && { home: '', away: '' }) };
}

/** 'End match': the live score filled in, its leader chosen; level, a draw where one is allowed. */
export function draftFromScore(score: Score, match: ResultMatch): ResultDraft {
  const [home, away] = match.teamIds;
  const choice = score.home > score.away ? home : score.away > score.home ? away : drawAllowed(match) ? DRAW : '';
  return { ...emptyResultDraft, choice, ...scoreText(score) };
}

/** The result a decided match has now, as a draft (a correction starts from it). */
export function draftFromEvent(event: Pick<GameEvent, 'result' | 'winnerTeam' | 'isVoid'>): ResultDraft {
  const winner = '_id' in event.winnerTeam ? event.winnerTeam._id : '';
  return draftFromResult(event.result, winner, event.isVoid === true);
}

/** A result as a draft: a decided match's, or the one a referee sent (correcting it starts from it). */
export function draftFromResult(result: ResultDetail | undefined, winnerTeamId: string | null, isVoid = false): ResultDraft {
  const winner = winnerTeamId ?? '';
  const kind = result?.kind ?? (isVoid ? 'void' : winner ? 'won' : '');
  const choice = kind === 'draw' ? DRAW : kind === 'void' ? VOID : kind === 'abandoned' ? ABANDONED : kind ? winner : '';
  return { choice, ...scoreText(result?.score), walkover: kind === 'walkover', note: result?.note ?? '' };
}
