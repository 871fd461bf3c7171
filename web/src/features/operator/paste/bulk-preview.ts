// What a paste (or an uploaded CSV) of teams or fixtures would do, line by line, for the console's
// preview: each line read by shared/bulk-entry.ts (the rules the server holds too), then checked against
// what the tournament has already, so the organiser sees before saving what is new, what is there
// already (saving leaves it as it is) and which lines to fix. A chunk of its own, loaded when something is
// pasted (pasted-lines.ts).
import type { GameEvent, Team } from '#shared/api.ts';
import { parseFixtureCsv, parseFixtureLines, parseTeamCsv, parseTeamLines, type BulkTeam } from '#shared/bulk-entry.ts';
import { deviceTimeZone, formatDate, formatTimeWithZone, zonedInputToIso } from '#shared/format.ts';
import { nameKey } from '#shared/names.ts';
import type { FixtureToAdd } from '../fixtures/api/save-pasted-fixtures.ts';

/** What was pasted, or the text of the CSV file chosen (`csvName`), read as CSV. */
export interface PastedText {
  text: string;
  csvName: string | null;
}

export type LineCheck = { kind: 'new' } | { kind: 'there' } | { kind: 'problem'; problem: string };

/** One line of the preview: what it reads as (or its text, when it cannot be read) and its check. */
export interface PreviewRow {
  lineNumber: number;
  title: string;
  detail: string;
  check: LineCheck;
}

export interface Preview<T> {
  rows: PreviewRow[];
  /** What saving would add: the lines that are new. */
  toAdd: T[];
  already: number;
  problems: number;
}

const NEW: LineCheck = { kind: 'new' };
const THERE: LineCheck = { kind: 'there' };

function summed<T>(rows: PreviewRow[], toAdd: T[]): Preview<T> {
  return { rows, toAdd, already: rows.filter((row) => row.check.kind === 'there').length, problems: rows.filter((row) => row.check.kind === 'problem').length };
}

/** Teams, one a line (`Team name: member, member`) or a CSV row each; a name the roster has is there already. */
export function previewTeams(pasted: PastedText, roster: readonly Team[]): Preview<BulkTeam> {
  const { lines } = pasted.csvName === null ? parseTeamLines(pasted.text) : parseTeamCsv(pasted.text);
  const inRoster = new Set(roster.map((team) => nameKey(team.teamName)));
  const toAdd: BulkTeam[] = [];
  const rows = lines.map(({ lineNumber, text, team, problem }): PreviewRow => {
    if (!team) return { lineNumber, title: text, detail: '', check: { kind: 'problem', problem } };
    const there = inRoster.has(nameKey(team.teamName));
    if (!there) toAdd.push(team);
    return { lineNumber, title: team.teamName, detail: team.members.length > 0 ? team.members.join(', ') : 'No members', check: there ? THERE : NEW };
  });
  return summed(rows, toAdd);
}

const matchKey = (time: string, teamIds: readonly string[]) => [time, ...[...teamIds].sort()].join(' ');

/**
 * Fixtures, `date, time, home, away[, venue]` a line or a CSV row, teams named as in the roster, times
 * on the clock of `timeZone` (the organiser's device); a match at the same instant between the same two
 * teams as one scheduled is there already.
 */
export function previewFixtures(pasted: PastedText, roster: readonly Team[], scheduled: readonly GameEvent[], timeZone = deviceTimeZone()): Preview<FixtureToAdd> {
  const teamNames = roster.map((team) => team.teamName);
  // Read at UTC, the wall-clock time as given; each is then placed in the zone as it is on its own date
  // (a summer time change between two fixtures moves the offset).
  const { lines } = pasted.csvName === null ? parseFixtureLines(pasted.text, teamNames, 0) : parseFixtureCsv(pasted.text, teamNames, 0);
  const idOf = new Map<string, string>();
  for (const team of roster) if (!idOf.has(nameKey(team.teamName))) idOf.set(nameKey(team.teamName), team._id);
  const scheduledKeys = new Set(scheduled.map((event) => matchKey(event.time, event.teams.map((team) => team._id))));
  const toAdd: FixtureToAdd[] = [];
  const rows = lines.map(({ lineNumber, text, fixture, problem }): PreviewRow => {
    if (!fixture) return { lineNumber, title: text, detail: '', check: { kind: 'problem', problem } };
    const startsAt = zonedInputToIso(fixture.startsAt.slice(0, 16), timeZone) ?? fixture.startsAt;
    const homeTeamId = idOf.get(nameKey(fixture.home))!;
    const awayTeamId = idOf.get(nameKey(fixture.away))!;
    const there = scheduledKeys.has(matchKey(startsAt, [homeTeamId, awayTeamId]));
    if (!there) toAdd.push({ startsAt, homeTeamId, awayTeamId, ...(fixture.venue && { venue: fixture.venue }) });
    const when = `${formatDate(startsAt, timeZone)}, ${formatTimeWithZone(startsAt, timeZone)}`;
    return { lineNumber, title: `${fixture.home} v ${fixture.away}`, detail: fixture.venue ? `${when} · ${fixture.venue}` : when, check: there ? THERE : NEW };
  });
  return summed(rows, toAdd);
}

