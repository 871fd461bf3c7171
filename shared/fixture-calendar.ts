// Fixtures on a calendar: a format's planned matches (shared/format-plan.ts) laid out in the organiser's daily slots, the preview's edits,
// and the clashes an edit can make. Pure: local dates and times at a fixed offset from UTC (India's
// unless told) in, UTC instants out, so the browser's preview and the function creating the events agree.

/** India Standard Time, UTC+5:30: the zone organisers type dates and times in unless told otherwise. */
export const INDIA_UTC_OFFSET_MINUTES = 330;

const MS_PER_MINUTE = 60_000;

export type LocalDate = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const CLOCK_24_HOURS = /^(\d{1,2}):(\d{2})$/;
const CLOCK_AM_PM = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i;

function dateParts(text: string): [year: number, month: number, day: number] | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  if (dayFirst) return [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])];
  return undefined;
}

/** 'YYYY-MM-DD', or 'DD/MM/YYYY' as India writes dates, as a calendar date; undefined for anything else or a day that does not exist. */
export function readDate(text: string): LocalDate | undefined {
  const parts = dateParts(text.trim());
  if (!parts) return undefined;
  const [year, month, day] = parts;
  // Date.UTC rolls 30 Feb into March (and years below 100 into the 1900s): a date that comes back changed does not exist.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** 'HH:MM' (24 hours) or 'h:mm am/pm' ('6 pm' too) as minutes after midnight; undefined for anything else. */
export function readTime(text: string): number | undefined {
  const trimmed = text.trim();
  const clock24 = CLOCK_24_HOURS.exec(trimmed);
  if (clock24) {
    const [hours, minutes] = [Number(clock24[1]), Number(clock24[2])];
    return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : undefined;
  }
  const clock12 = CLOCK_AM_PM.exec(trimmed);
  if (clock12) {
    const [hours, minutes] = [Number(clock12[1]), Number(clock12[2] || 0)];
    if (hours < 1 || hours > 12 || minutes > 59) return undefined;
    // 12 am is midnight, 12 pm noon.
    return ((hours % 12) + (clock12[3].toLowerCase() === 'p' ? 12 : 0)) * 60 + minutes;
  }
  return undefined;
}

/** The UTC instant (ISO string) of a local date and time at the given offset from UTC. */
export function utcInstant(date: LocalDate, minuteOfDay: number, timeZoneOffsetMinutes = INDIA_UTC_OFFSET_MINUTES): string {
  return new Date(Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay - timeZoneOffsetMinutes)).toISOString();
}

/** A match to lay out. Its teams may be unknown yet (a later knockout round's). */
export type CalendarMatch = {
  id: string;
  round: number;
  home?: string;
  away?: string;
  /** Knockout rounds are played one after another, after every league or group match. */
  knockout?: boolean;
};

export type LayOutOptions = {
  /** The first day, 'YYYY-MM-DD'. */
  startDate: string;
  /** Each day's start times, local 'HH:MM'. */
  dailySlots: readonly string[];
  /** The least time from one match's start to the next of the same team (and of a knockout round to the next). */
  minutesBetween?: number;
  timeZoneOffsetMinutes?: number;
  /** Several venues let matches share a slot, one per venue; without, one match a slot. */
  venues?: readonly string[];
};

export type Scheduled = { startsAt: string; venue?: string };

type Mark = { slot: number; ms: number };
const NOTHING_YET: Mark = { slot: -1, ms: -Infinity };

const knownTeams = (match: { home?: string; away?: string }) =>
  [match.home, match.away].filter((team): team is string => team !== undefined);

/**
 * Each match in the earliest slot (day by day from startDate, each day's slots in time order) that
 * keeps the rules: a team plays its matches in round order, never twice in one slot and never closer
 * than minutesBetween; each knockout round starts after the one before it (the first after every league
 * match) is done, minutesBetween after its last start. League matches come before knockout ones and
 * rounds in order whatever the input order; within a round, input order. Answers in input order.
 * Throws a RangeError for a bad start date, slot or minutesBetween.
 */
export function layOut<M extends CalendarMatch>(matches: readonly M[], options: LayOutOptions): (M & Scheduled)[] {
  const start = readDate(options.startDate);
  if (!start) throw new RangeError(`Start date is not YYYY-MM-DD: ${options.startDate}`);
  const times = [
    ...new Set(
      options.dailySlots.map((slot) => {
        const minutes = readTime(slot);
        if (minutes === undefined) throw new RangeError(`Daily slot is not HH:MM: ${slot}`);
        return minutes;
      }),
    ),
  ].sort((a, b) => a - b);
  if (times.length === 0) throw new RangeError('At least one daily slot is needed');
  const minutesBetween = options.minutesBetween ?? 0;
  if (!Number.isFinite(minutesBetween) || minutesBetween < 0) throw new RangeError('minutesBetween must be 0 or more');
  const gapMs = minutesBetween * MS_PER_MINUTE;
  const offset = options.timeZoneOffsetMinutes ?? INDIA_UTC_OFFSET_MINUTES;
  const venues = [...new Set(options.venues ?? [])];
  const matchesPerSlot = Math.max(1, venues.length);
  // Slot n is the (n mod k)th time of day n div k: start times grow with n.
  const slotStart = (slot: number) =>
    Date.UTC(start.year, start.month - 1, start.day + Math.floor(slot / times.length), 0, times[slot % times.length] - offset);

  const phaseOf = (match: CalendarMatch) => (match.knockout ? match.round : 0);
  const order = matches.map((_, index) => index).sort((a, b) => phaseOf(matches[a]) - phaseOf(matches[b]) || matches[a].round - matches[b].round);

  const lastOfTeam = new Map<string, Mark>();
  const filled = new Map<number, number>();
  let latest = NOTHING_YET;
  let barrier = NOTHING_YET; // the last match of the phases before the current knockout round
  let phase = 0;
  const laidOut = new Array<M & Scheduled>(matches.length);
  for (const index of order) {
    const match = matches[index];
    if (phaseOf(match) !== phase) {
      phase = phaseOf(match);
      barrier = latest;
    }
    const after = [barrier, ...knownTeams(match).map((team) => lastOfTeam.get(team) ?? NOTHING_YET)];
    const notBeforeMs = Math.max(...after.map((mark) => mark.ms + gapMs));
    let slot = Math.max(...after.map((mark) => mark.slot)) + 1;
    while (slotStart(slot) < notBeforeMs || (filled.get(slot) ?? 0) >= matchesPerSlot) slot++;
    const taken = filled.get(slot) ?? 0;
    filled.set(slot, taken + 1);
    const mark = { slot, ms: slotStart(slot) };
    for (const team of knownTeams(match)) lastOfTeam.set(team, mark);
    if (mark.slot > latest.slot) latest = mark;
    const startsAt = new Date(mark.ms).toISOString();
    laidOut[index] = venues.length > 0 ? { ...match, startsAt, venue: venues[taken] } : { ...match, startsAt };
  }
  return laidOut;
}

// The preview's edits: each answers a new list and leaves its input alone. Clashes they make are for
// calendarProblems to list, not refused: the organiser may be halfway through a rearrangement.

type Editable = { id: string; startsAt: string; venue?: string };

function editOne<M extends Editable>(matches: readonly M[], matchId: string, edit: (match: M) => M): M[] {
  if (!matches.some((match) => match.id === matchId)) throw new RangeError(`No match ${matchId}`);
  return matches.map((match) => (match.id === matchId ? edit(match) : match));
}

function isoInstant(startsAt: string): string {
  const ms = Date.parse(startsAt);
  if (Number.isNaN(ms)) throw new RangeError(`Not a date and time: ${startsAt}`);
  return new Date(ms).toISOString();
}

/** The match at another time (any ISO 8601 instant; kept as UTC), at the same venue. */
export function moveMatch<M extends Editable>(matches: readonly M[], matchId: string, startsAt: string): M[] {
  const instant = isoInstant(startsAt);
  return editOne(matches, matchId, (match) => ({ ...match, startsAt: instant }));
}

/** Two matches trade their times and venues. */
export function swapMatches<M extends Editable>(matches: readonly M[], firstId: string, secondId: string): M[] {
  const first = matches.find((match) => match.id === firstId);
  const second = matches.find((match) => match.id === secondId);
  if (!first || !second) throw new RangeError(`No match ${first ? secondId : firstId}`);
  const placeOf = (match: M) => ({ startsAt: match.startsAt, venue: match.venue });
  return matches.map((match) => {
    if (match.id === firstId) return withPlace(match, placeOf(second));
    if (match.id === secondId) return withPlace(match, placeOf(first));
    return match;
  });
}

/** The match at a venue, or at none (undefined). */
export function setVenue<M extends Editable>(matches: readonly M[], matchId: string, venue: string | undefined): M[] {
  return editOne(matches, matchId, (match) => withPlace(match, { startsAt: match.startsAt, venue }));
}

function withPlace<M extends Editable>(match: M, place: { startsAt: string; venue?: string }): M {
  const { venue: _previous, ...rest } = match;
  return (place.venue === undefined ? { ...rest, startsAt: place.startsAt } : { ...rest, ...place }) as M;
}

export type CalendarProblem =
  /** A team in two matches starting at the same time. */
  | { kind: 'team-twice-at-once'; teamId: string; startsAt: string; matchIds: string[] }
  /** Two matches at one venue at the same time. */
  | { kind: 'venue-twice-at-once'; venue: string; startsAt: string; matchIds: string[] }
  /** A team's two matches closer than minutesBetween. */
  | { kind: 'too-little-rest'; teamId: string; matchIds: [string, string] }
  /** A knockout match starting before a match of an earlier round (or the league) is done. */
  | { kind: 'knockout-too-early'; matchIds: [knockoutMatch: string, earlierMatch: string] };

type Checkable = Editable & { home?: string; away?: string; round?: number; knockout?: boolean };

/**
 * The clashes in a calendar: a team or a venue twice at the same time, and with minutesBetween, a team
 * with too little rest or a knockout round started before the matches it follows are done.
 */
export function calendarProblems(matches: readonly Checkable[], options: { minutesBetween?: number } = {}): CalendarProblem[] {
  const gapMs = (options.minutesBetween ?? 0) * MS_PER_MINUTE;
  const timed = matches
    .map((match) => ({ match, ms: Date.parse(isoInstant(match.startsAt)) }))
    .sort((a, b) => a.ms - b.ms);
  const problems: CalendarProblem[] = [];

  const byInstant = new Map<number, Checkable[]>();
  for (const { match, ms } of timed) byInstant.set(ms, [...(byInstant.get(ms) ?? []), match]);
  for (const [ms, together] of byInstant) {
    const startsAt = new Date(ms).toISOString();
    const clashes = (key: (match: Checkable) => string[]) => {
      const holders = new Map<string, string[]>();
      for (const match of together) for (const value of key(match)) holders.set(value, [...(holders.get(value) ?? []), match.id]);
      return [...holders].filter(([, matchIds]) => matchIds.length > 1);
    };
    for (const [teamId, matchIds] of clashes(knownTeams)) problems.push({ kind: 'team-twice-at-once', teamId, startsAt, matchIds });
    for (const [venue, matchIds] of clashes((match) => (match.venue === undefined ? [] : [match.venue]))) {
      problems.push({ kind: 'venue-twice-at-once', venue, startsAt, matchIds });
    }
  }

  if (gapMs > 0) {
    const lastOfTeam = new Map<string, { id: string; ms: number }>();
    for (const { match, ms } of timed) {
      for (const teamId of knownTeams(match)) {
        const last = lastOfTeam.get(teamId);
        // Same instant is already a team twice at once.
        if (last && ms > last.ms && ms - last.ms < gapMs) problems.push({ kind: 'too-little-rest', teamId, matchIds: [last.id, match.id] });
        lastOfTeam.set(teamId, { id: match.id, ms });
      }
    }
  }

  // A knockout match follows every match of the phases before its round: the league, then earlier rounds.
  const phaseOf = (match: Checkable) => (match.knockout ? (match.round ?? 0) : 0);
  for (const { match, ms } of timed) {
    if (!match.knockout) continue;
    const blocking = timed.filter((other) => phaseOf(other.match) < phaseOf(match) && (other.ms >= ms || ms - other.ms < gapMs));
    if (blocking.length > 0) problems.push({ kind: 'knockout-too-early', matchIds: [match.id, blocking[blocking.length - 1].match.id] });
  }
  return problems;
}
