// The referee's taps not yet answered by the server, kept on the phone (localStorage) so a dead network
// or a reload loses none. Per match only the newest score matters (the server keeps the newest tap and
// ignores an older one), so taps merge into one score with a count; a result waits beside it.
import type { Score } from '#shared/match-results.ts';

/** The body of POST /scorer/matches/{id}/end (shared/schemas.ts scorerEndSchema). */
export type EndBody = ({ winnerTeamId: string; draw?: undefined } | { draw: true; winnerTeamId?: undefined }) & {
  score: Score;
  note?: string;
  takenAt: number;
};

export interface QueuedScore extends Score {
  takenAt: number;
  /** How many taps this score stands for: what the phone tells the referee it still holds. */
  taps: number;
}

export interface PendingMatch {
  /** Which link's taps these are (linkTag): another link's wait for their own page. */
  link: string;
  score?: QueuedScore;
  end?: EndBody;
}

export type Queue = Readonly<Record<string, PendingMatch>>;

/** One request to send: a score (with the taps it stands for) or a result. */
export type QueuedAction =
  | { kind: 'score'; matchId: string; score: QueuedScore }
  | { kind: 'end'; matchId: string; end: EndBody };

export const EMPTY_QUEUE: Queue = {};

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isScore = (value: unknown): value is Score => isObject(value) && isCount(value.home) && isCount(value.away);

function readScore(value: unknown): QueuedScore | undefined {
  if (!isScore(value) || !isObject(value) || !isCount(value.takenAt) || !isCount(value.taps)) return undefined;
  return { home: value.home, away: value.away, takenAt: value.takenAt, taps: value.taps };
}

function readEnd(value: unknown): EndBody | undefined {
  if (!isObject(value) || !isScore(value.score) || !isCount(value.takenAt)) return undefined;
  const note = typeof value.note === 'string' && value.note ? { note: value.note } : {};
  const base = { score: { home: value.score.home, away: value.score.away }, takenAt: value.takenAt, ...note };
  if (value.draw === true) return { ...base, draw: true };
  if (typeof value.winnerTeamId === 'string') return { ...base, winnerTeamId: value.winnerTeamId };
  return undefined;
}

/** The queue as stored; anything unreadable (an older build's, edited by hand) is left out, not trusted. */
export function parseQueue(text: string | null): Queue {
  if (!text) return EMPTY_QUEUE;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return EMPTY_QUEUE;
  }
  if (!isObject(stored)) return EMPTY_QUEUE;
  const queue: Record<string, PendingMatch> = {};
  for (const [matchId, value] of Object.entries(stored)) {
    if (!isObject(value) || typeof value.link !== 'string') continue;
    const score = readScore(value.score);
    const end = readEnd(value.end);
    if (score || end) queue[matchId] = { link: value.link, ...(score && { score }), ...(end && { end }) };
  }
  return queue;
}

function withMatch(queue: Queue, matchId: string, pending: PendingMatch): Queue {
  const next = { ...queue };
  if (pending.score || pending.end) next[matchId] = pending;
  else delete next[matchId];
  return next;
}

/** The time for a new tap: now, but always after the match's queued ones (two taps in one millisecond). */
export function nextTakenAt(queue: Queue, matchId: string, now: number): number {
  const pending = queue[matchId] as PendingMatch | undefined;
  return Math.max(now, (pending?.score?.takenAt ?? 0) + 1, (pending?.end?.takenAt ?? 0) + 1);
}

/** A tap: the newest score replaces an older one and counts one tap more; an older one changes nothing. */
export function addScore(queue: Queue, link: string, matchId: string, score: Score, takenAt: number): Queue {
  const pending = queue[matchId] as PendingMatch | undefined;
  const held = pending?.link === link ? pending : undefined;
  if (held?.score && held.score.takenAt >= takenAt) return queue;
  return withMatch(queue, matchId, { ...held, link, score: { home: score.home, away: score.away, takenAt, taps: (held?.score?.taps ?? 0) + 1 } });
}

/** A result to send: it replaces one not sent yet. */
export function addEnd(queue: Queue, link: string, matchId: string, end: EndBody): Queue {
  const pending = queue[matchId] as PendingMatch | undefined;
  const held = pending?.link === link ? pending : undefined;
  return withMatch(queue, matchId, { ...held, link, end });
}

/** What the link has to send, oldest first: a match's score before its result, the newest score last. */
export function actionsOf(queue: Queue, link: string): QueuedAction[] {
  const actions = Object.entries(queue).flatMap(([matchId, pending]): QueuedAction[] => {
    if (pending.link !== link) return [];
    return [
      ...(pending.score ? [{ kind: 'score' as const, matchId, score: pending.score }] : []),
      ...(pending.end ? [{ kind: 'end' as const, matchId, end: pending.end }] : []),
    ];
  });
  const takenAt = (action: QueuedAction) => (action.kind === 'score' ? action.score.takenAt : action.end.takenAt);
  return actions.sort((a, b) => takenAt(a) - takenAt(b) || (a.kind === b.kind ? 0 : a.kind === 'score' ? -1 : 1));
}

/**
 * The queue once `action` is answered (sent, or refused for good): it goes, unless newer taps came in
 * meanwhile, which stay with the taps they add.
 */
export function settle(queue: Queue, action: QueuedAction): Queue {
  const pending = queue[action.matchId] as PendingMatch | undefined;
  if (!pending) return queue;
  if (action.kind === 'end') {
    return pending.end?.takenAt === action.end.takenAt ? withMatch(queue, action.matchId, { link: pending.link, ...(pending.score && { score: pending.score }) }) : queue;
  }
  const held = pending.score;
  if (!held || held.takenAt < action.score.takenAt) return queue;
  if (held.takenAt === action.score.takenAt) return withMatch(queue, action.matchId, { link: pending.link, ...(pending.end && { end: pending.end }) });
  return withMatch(queue, action.matchId, { ...pending, score: { ...held, taps: Math.max(1, held.taps - action.score.taps) } });
}

/** The score the phone holds for the match beyond the server's, if any. */
export function heldScore(queue: Queue, link: string, matchId: string): Score | undefined {
  const pending = queue[matchId] as PendingMatch | undefined;
  const score = pending?.link === link ? pending.score : undefined;
  return score && { home: score.home, away: score.away };
}

/** The result waiting on the phone for the match, if any. */
export function heldEnd(queue: Queue, link: string, matchId: string): EndBody | undefined {
  const pending = queue[matchId] as PendingMatch | undefined;
  return pending?.link === link ? pending.end : undefined;
}

/** The taps the phone still holds for the link (a result waiting counts as one). */
export function unsentTaps(queue: Queue, link: string): number {
  return Object.values(queue).reduce((sum, pending) => (pending.link === link ? sum + (pending.score?.taps ?? 0) + (pending.end ? 1 : 0) : sum), 0);
}

/**
 * A short tag of the link's secret (32-bit FNV-1a), so the queue can tell links apart without keeping
 * the secret itself in lasting storage.
 */
export function linkTag(secret: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < secret.length; i++) {
    hash ^= secret.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
