// A scorer link as the console drafts and lists it: the form's draft and the request it becomes (or why
// the server would refuse it), the courts and days a link may reach, and a link's scope and state in
// words. Pure, so the panel, the dialog and their tests read the same rules.
import type { GameEvent, ScorerLink, ScorerScope } from '#shared/api.ts';
import { CONFIRM_AFTER_MINUTES_MAX, SCORER_LINK_HOURS_DEFAULT, SCORER_LINK_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import type { CreateScorerLinkInput } from '#shared/schemas.ts';

/** How long a link may last, in hours: a match, an afternoon, a day (the default), a weekend. */
export const LINK_HOURS = [3, 6, 12, SCORER_LINK_HOURS_DEFAULT, 48, 72] as const;

export interface LinkDraft {
  /** 'match': the match whose row asked for it; 'place': a court and/or a day. */
  reach: 'match' | 'place';
  /** '' for every court. */
  venue: string;
  /** 'YYYY-MM-DD' (UTC, as the server compares a match's start), '' for every day. */
  day: string;
  name: string;
  /** Typed by the organiser: a change of scope no longer renames the link. */
  nameTyped: boolean;
  hours: number;
}

/** 'Tapti vs Ganga': a match as a link's name and scope say it. */
export const matchTitle = (match: Pick<GameEvent, 'teams'>) => match.teams.map((team) => team.teamName).join(' vs ');

/** A UTC day in words, its year left out when it is this year's: '30 Nov', '2 Jan 2031'. */
export function dayLabel(day: string, now = new Date()): string {
  const date = formatDate(`${day}T12:00:00Z`, 'UTC');
  return day.startsWith(`${now.getUTCFullYear()}-`) ? date.replace(/ \d{4}$/, '') : date;
}

/** The name a link gets unless one is typed: its match, or its court and day. */
export function suggestedName(draft: Pick<LinkDraft, 'reach' | 'venue' | 'day'>, match: Pick<GameEvent, 'teams'> | null, now = new Date()): string {
  const name = draft.reach === 'match' && match ? matchTitle(match) : [draft.venue, draft.day && dayLabel(draft.day, now)].filter(Boolean).join(' · ');
  return name.slice(0, SCORER_LINK_NAME_MAX_LENGTH).trim();
}

/** The form as it opens: for the match whose row asked (its name filled in), else for a court and/or a day. */
export function firstDraft(match: Pick<GameEvent, 'teams'> | null, now = new Date()): LinkDraft {
  const draft = { reach: match ? ('match' as const) : ('place' as const), venue: '', day: '', nameTyped: false, hours: SCORER_LINK_HOURS_DEFAULT };
  return { ...draft, name: suggestedName(draft, match, now) };
}

/** A change of what the link reaches: its name follows unless one was typed. */
export function withScope(draft: LinkDraft, change: Partial<Pick<LinkDraft, 'reach' | 'venue' | 'day'>>, match: Pick<GameEvent, 'teams'> | null, now = new Date()): LinkDraft {
  const next = { ...draft, ...change };
  return next.nameTyped ? next : { ...next, name: suggestedName(next, match, now) };
}

/** Said when neither a court nor a day is chosen (a link for every match of the tournament is refused). */
export const PLACE_WANTED = 'Choose a court, a day, or both';

export type LinkVerdict = { kind: 'ready'; request: CreateScorerLinkInput } | { kind: 'problem'; problem: string };

/** The request the draft sends, or the sentence saying why it cannot be sent. */
export function linkRequest(draft: LinkDraft, match: Pick<GameEvent, '_id'> | null): LinkVerdict {
  const name = draft.name.trim();
  if (!name || name.length > SCORER_LINK_NAME_MAX_LENGTH) return { kind: 'problem', problem: MSG.scorerLinkNameInvalid };
  const validHours = draft.hours;
  if (draft.reach === 'match' && match) return { kind: 'ready', request: { name, eventIds: [match._id], validHours } };
  if (!draft.venue && !draft.day) return { kind: 'problem', problem: PLACE_WANTED };
  return { kind: 'ready', request: { name, ...(draft.venue && { venue: draft.venue }), ...(draft.day && { day: draft.day }), validHours } };
}

const isUndecided = (event: GameEvent) => event.decidedAt === undefined && !event.isVoid && !('_id' in event.winnerTeam);

/** The courts and days a link may reach: those of the matches still to be decided, in order. */
export function linkPlaces(events: readonly GameEvent[]): { venues: string[]; days: string[] } {
  const open = events.filter(isUndecided);
  const venues = [...new Set(open.flatMap((event) => (event.venue ? [event.venue] : [])))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const days = [...new Set(open.map((event) => event.time.slice(0, 10)))].sort();
  return { venues, days };
}

/** What a link reaches, in words: 'Court 2 · 30 Nov', 'Court 2 · every day', 'Tapti vs Ganga', '3 matches'. */
export function scopeLabel(scope: ScorerScope, events: readonly GameEvent[], now = new Date()): string {
  if (scope.eventIds) {
    const only = scope.eventIds.length === 1 ? events.find((event) => event._id === scope.eventIds?.[0]) : undefined;
    return only ? matchTitle(only) : `${scope.eventIds.length} ${scope.eventIds.length === 1 ? 'match' : 'matches'}`;
  }
  return `${scope.venue ?? 'Every court'} · ${scope.day ? dayLabel(scope.day, now) : 'every day'}`;
}

export type LinkState = 'working' | 'revoked' | 'expired';

export const linkState = (link: Pick<ScorerLink, 'revokedAt' | 'expiresAt'>, now = new Date()): LinkState =>
  link.revokedAt ? 'revoked' : Date.parse(link.expiresAt) <= now.getTime() ? 'expired' : 'working';

/** The working links first (newest first, as the server lists them), then those that no longer work. */
export const linksInOrder = (links: readonly ScorerLink[], now = new Date()) => [
  ...links.filter((link) => linkState(link, now) === 'working'),
  ...links.filter((link) => linkState(link, now) !== 'working'),
];

/** Until when it works, or since when it no longer does: 'Works until 18:40 IST · 1 Dec 2030'. */
export function linkTimes(link: Pick<ScorerLink, 'revokedAt' | 'expiresAt'>, now = new Date(), timeZone?: string): string {
  const at = (iso: string) => `${formatTimeWithZone(iso, timeZone)} · ${formatDate(iso, timeZone)}`;
  const state = linkState(link, now);
  if (state === 'revoked') return `Revoked ${at(link.revokedAt!)}`;
  return state === 'expired' ? `Expired ${at(link.expiresAt)}` : `Works until ${at(link.expiresAt)}`;
}

/** A duration's choice in words: '3 hours', '24 hours (a day)'. */
export const hoursLabel = (hours: number) => `${hours} hours${hours === 24 ? ' (a day)' : hours === 48 ? ' (two days)' : hours === 72 ? ' (three days)' : ''}`;

/** The minutes typed, when they are a whole number the server takes. */
export const standMinutes = (typed: string): number | undefined => {
  const minutes = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(minutes) && minutes >= 1 && minutes <= CONFIRM_AFTER_MINUTES_MAX ? minutes : undefined;
};
