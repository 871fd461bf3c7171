// The Fixtures screen's plan, pure: a tournament's teams in seed order and a format become the fixtures
// the server will create (the format's plan, shared/format-plan.ts: POST /admin/tournaments/{id}/format
// makes the same plan again and takes only the times and venues), laid onto the organiser's calendar, with
// the preview's edits and the clashes they leave, in words.
import type { Team } from '#shared/api.ts';
import { VENUE_MAX_LENGTH } from '#shared/constants.ts';
import { calendarProblems, layOut, moveMatch, readDate, readTime, setVenue, swapMatches, type CalendarProblem } from '#shared/fixture-calendar.ts';
import type { PlannedMatch } from '#shared/format-plan.ts';
import { MSG } from '#shared/messages.ts';
import type { CalendarDraft, CalendarEdit } from './plan-choices.ts';

// The choices' light parts live with the choices (plan-choices.ts), which the screens hold before this code has loaded.
export { defaultCalendar, formatName, tomorrow, type CalendarDraft, type CalendarEdit } from './plan-choices.ts';

export type ScheduledMatch = PlannedMatch & { startsAt: string; venue?: string };

/** A roster's team with its place in the order the teams were entered (a paste's lines), when known. */
export type EnteredTeam = Team & { entryOrder?: number };

const last = Number.POSITIVE_INFINITY;

/**
 * The seeding an organiser means by default: the order the teams were entered (a list pasted best first),
 * those entered before the order was kept after them by name.
 */
export function seedOrder<T extends EnteredTeam>(teams: readonly T[]): T[] {
  return [...teams].sort((a, b) => (a.entryOrder ?? last) - (b.entryOrder ?? last) || a.teamName.localeCompare(b.teamName));
}

/** By last season's rank (1 first; no rank last, in the order given). */
export function rankOrder<T extends Team>(teams: readonly T[]): T[] {
  return [...teams].sort((a, b) => (a.teamRank ?? last) - (b.teamRank ?? last));
}

/** The teams in a random order (Fisher-Yates), for a draw. */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** `ids` with `id` moved to `place` (0 first), the others keeping their order. */
export function moveTo(ids: readonly string[], id: string, place: number): string[] {
  const rest = ids.filter((other) => other !== id);
  if (rest.length === ids.length) return [...ids];
  const at = Math.min(Math.max(place, 0), rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** A list typed with commas (or new lines), blanks dropped. */
const listOf = (text: string) =>
  text
    .split(/[,\n;]/)
    .map((item) => item.trim())
    .filter(Boolean);

export type CalendarSettings = { startDate: string; dailySlots: string[]; minutesBetween: number; venues: string[]; timeZoneOffsetMinutes: number };

/** The device's offset from UTC on that date, in minutes (IST: 330): slots are typed in the organiser's own time. */
export function deviceOffsetOn(date: string): number {
  const day = readDate(date);
  if (!day) return 0;
  return -new Date(day.year, day.month - 1, day.day, 12).getTimezoneOffset();
}

/** The draft read, or the message saying what to fix. */
export function readCalendar(draft: CalendarDraft, offsetOn: (date: string) => number = deviceOffsetOn): CalendarSettings | { problem: string } {
  const startDate = draft.startDate.trim();
  if (!readDate(startDate)) return { problem: MSG.calendarStartDateInvalid };
  const dailySlots = listOf(draft.slots);
  if (dailySlots.length === 0 || dailySlots.some((slot) => readTime(slot) === undefined)) return { problem: MSG.calendarSlotsInvalid };
  const minutesText = draft.minutesBetween.trim();
  const minutesBetween = minutesText === '' ? 0 : Number(minutesText);
  if (!Number.isInteger(minutesBetween) || minutesBetween < 0 || minutesBetween > 7 * 24 * 60) return { problem: MSG.calendarMinutesInvalid };
  const venues = listOf(draft.venues);
  if (venues.some((venue) => venue.length > VENUE_MAX_LENGTH)) return { problem: MSG.venueTooLong };
  // ISO dates sort as text; 'DD/MM/YYYY' is read for the layout as it is.
  return { startDate, dailySlots, minutesBetween, venues: [...new Set(venues)], timeZoneOffsetMinutes: offsetOn(startDate) };
}

/** The fixtures on the calendar: each in the earliest slot the rules allow (shared/fixture-calendar.ts layOut). */
export function schedule(fixtures: readonly PlannedMatch[], settings: CalendarSettings): ScheduledMatch[] {
  const isoStart = readDate(settings.startDate)!;
  const startDate = `${isoStart.year}-${String(isoStart.month).padStart(2, '0')}-${String(isoStart.day).padStart(2, '0')}`;
  return layOut(fixtures, { ...settings, startDate });
}

/** The edits applied in order; one naming a match that is not there (the format changed since) is skipped. */
export function applyEdits(matches: readonly ScheduledMatch[], edits: readonly CalendarEdit[]): ScheduledMatch[] {
  let result = [...matches];
  const has = (id: string) => result.some((match) => match.id === id);
  for (const edit of edits) {
    if (!has(edit.matchId)) continue;
    if (edit.kind === 'move') result = moveMatch(result, edit.matchId, edit.startsAt);
    else if (edit.kind === 'swap') result = has(edit.otherId) ? swapMatches(result, edit.matchId, edit.otherId) : result;
    else result = setVenue(result, edit.matchId, edit.venue.trim() === '' ? undefined : edit.venue.trim());
  }
  return result;
}

/** The times a match can move to: every daily slot from the first day to the day after the last match. */
export function slotTimes(settings: CalendarSettings, matches: readonly { startsAt: string }[]): string[] {
  const start = readDate(settings.startDate)!;
  const minutes = [...new Set(settings.dailySlots.map((slot) => readTime(slot)!))].sort((a, b) => a - b);
  const last = Math.max(...matches.map((match) => Date.parse(match.startsAt)), Date.UTC(start.year, start.month - 1, start.day));
  const times: string[] = [];
  for (let day = 0; ; day++) {
    const dayStart = Date.UTC(start.year, start.month - 1, start.day + day, 0, -settings.timeZoneOffsetMinutes);
    if (dayStart > last + 24 * 60 * 60_000) break;
    for (const minute of minutes) times.push(new Date(dayStart + minute * 60_000).toISOString());
  }
  return times;
}

/** Problems that make the calendar impossible to play (publishing waits for them); too little rest is only a warning. */
export const isBlocking = (problem: CalendarProblem) => problem.kind !== 'too-little-rest';

export type ProblemLine = { text: string; blocking: boolean };

/** The calendar's clashes in words, with team names and the matches' times. */
export function describeProblems(
  matches: readonly ScheduledMatch[],
  minutesBetween: number,
  teamName: (teamId: string) => string,
  when: (iso: string) => string,
): ProblemLine[] {
  const byId = new Map(matches.map((match) => [match.id, match]));
  const name = (id: string) => {
    const match = byId.get(id)!;
    return `${sideName(match, 'home', teamName)} v ${sideName(match, 'away', teamName)}`;
  };
  return calendarProblems(matches, { minutesBetween }).map((problem) => {
    const blocking = isBlocking(problem);
    switch (problem.kind) {
      case 'team-twice-at-once':
        return { blocking, text: MSG.calendarTeamTwice(teamName(problem.teamId), when(problem.startsAt)) };
      case 'venue-twice-at-once':
        return { blocking, text: MSG.calendarVenueTwice(problem.venue, when(problem.startsAt)) };
      case 'too-little-rest':
        return { blocking, text: MSG.calendarTooLittleRest(teamName(problem.teamId), name(problem.matchIds[0]), name(problem.matchIds[1])) };
      case 'knockout-too-early':
        return { blocking, text: MSG.calendarKnockoutTooEarly(name(problem.matchIds[0]), name(problem.matchIds[1])) };
    }
  });
}

/** A side's name: its team, or what it waits for. */
export function sideName(match: PlannedMatch, side: 'home' | 'away', teamName: (teamId: string) => string): string {
  const teamId = match[side];
  return teamId === undefined ? (match.bracket?.awaiting[side] ?? 'To be decided') : teamName(teamId);
}

/** The publish call's schedule: each fixture's key with its time and venue. */
export const scheduleBody = (matches: readonly ScheduledMatch[]): Record<string, { startsAt: string; venue?: string }> =>
  Object.fromEntries(matches.map((match) => [match.id, match.venue === undefined ? { startsAt: match.startsAt } : { startsAt: match.startsAt, venue: match.venue }]));

/** The matches by day (in the order of their times), for the preview: each day's key is its first match's instant. */
export function byDay<M extends { startsAt: string }>(matches: readonly M[], dayOf: (iso: string) => string): { day: string; matches: M[] }[] {
  const sorted = [...matches].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const days: { day: string; matches: M[] }[] = [];
  for (const match of sorted) {
    const day = dayOf(match.startsAt);
    if (days.at(-1)?.day === day) days.at(-1)!.matches.push(match);
    else days.push({ day, matches: [match] });
  }
  return days;
}
