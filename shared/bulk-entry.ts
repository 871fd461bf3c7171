// Teams and fixtures pasted in bulk by an organiser, as lines or CSV, read line by line into what each
// line would create or the one problem that stops it, so the preview can show both and nothing half-read
// is ever saved. Pure: the web app's preview and the functions read a paste the same way.
// csv-parse's browser build: its Node build needs Node's Buffer, which the web app does not have.
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { MEMBER_NAME_MAX_LENGTH, TEAM_MAX_MEMBERS, TEAM_NAME_MAX_LENGTH, VENUE_MAX_LENGTH } from './constants.ts';
import { INDIA_UTC_OFFSET_MINUTES, readDate, readTime, utcInstant } from './fixture-calendar.ts';
import { isVisibleText, nameKey, storedName } from './names.ts';
import { isPlainText } from './schemas.ts';

// The limits (the team form's and the server's, shared/constants.ts).
export { MEMBER_NAME_MAX_LENGTH, TEAM_MAX_MEMBERS, TEAM_NAME_MAX_LENGTH, VENUE_MAX_LENGTH };

export type BulkTeam = { teamName: string; members: string[] };
export type BulkFixture = { startsAt: string; home: string; away: string; venue?: string };

/** One non-blank line of a paste (`lineNumber` counts from 1, blank lines too): the team it makes, or why it cannot. */
export type TeamLine =
  | { lineNumber: number; text: string; team: BulkTeam; problem?: undefined }
  | { lineNumber: number; text: string; team?: undefined; problem: string };

/** One non-blank line of a paste: the fixture it makes, or why it cannot. */
export type FixtureLine =
  | { lineNumber: number; text: string; fixture: BulkFixture; problem?: undefined }
  | { lineNumber: number; text: string; fixture?: undefined; problem: string };

/** Trimmed, with each run of white space (tabs, a quoted cell's newline) as one space. */
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

const dropTrailingBlanks = (cells: string[]) => {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
};

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * A list's marker at the start of a line, as WhatsApp and notes apps number or bullet a list: '1.', '2)',
 * '-', '•', '*', '–', followed by a space. Not part of the name ('1. Kaveri' is Kaveri).
 */
const LIST_MARKER = /^(?:\d{1,3}[.)]|[-•*–·])\s+/u;

/** The non-blank lines of a paste, numbered from 1, each without its list marker. */
function pastedLines(text: string) {
  return text
    .split(LINE_BREAK)
    .map((line, index) => ({ lineNumber: index + 1, text: line.trim().replace(LIST_MARKER, '').trim() }))
    .filter((line) => line.text !== '');
}

// ---- Teams ----

/** Reads teams one after another, remembering the names already used. */
function teamReader() {
  const firstLineOfName = new Map<string, number>();
  return (lineNumber: number, text: string, nameCell: string, memberCells: string[]): TeamLine => {
    const teamName = storedName(tidy(nameCell));
    // Trailing empty members are a stray comma (or a spreadsheet's padding); one between names is a slip.
    const members = dropTrailingBlanks(memberCells.map((cell) => storedName(tidy(cell))));
    const problem = (message: string): TeamLine => ({ lineNumber, text, problem: message });
    if (teamName === '') return problem('Team name is missing');
    if (!isVisibleText(teamName)) return problem('Team name has no characters you can see');
    const earlier = firstLineOfName.get(nameKey(teamName));
    if (earlier === undefined) firstLineOfName.set(nameKey(teamName), lineNumber);
    if (teamName.length > TEAM_NAME_MAX_LENGTH) return problem(`Team name is longer than ${TEAM_NAME_MAX_LENGTH} characters`);
    if (!isPlainText(teamName)) return problem('Team name has hidden control characters');
    if (earlier !== undefined) return problem(`Same team as line ${earlier}`);
    if (members.includes('')) return problem("A member's name is empty");
    if (!members.every(isVisibleText)) return problem("A member's name has no characters you can see");
    if (members.some((member) => member.length > MEMBER_NAME_MAX_LENGTH)) {
      return problem(`A member's name is longer than ${MEMBER_NAME_MAX_LENGTH} characters`);
    }
    if (members.some((member) => !isPlainText(member))) return problem("A member's name has hidden control characters");
    if (members.length > TEAM_MAX_MEMBERS) return problem(`More than ${TEAM_MAX_MEMBERS} members`);
    return { lineNumber, text, team: { teamName, members } };
  };
}

/** Teams pasted one a line, `Team name: member, member, …` (the members and the colon optional). */
export function parseTeamLines(text: string): { lines: TeamLine[] } {
  const readTeam = teamReader();
  return {
    lines: pastedLines(text).map(({ lineNumber, text: line }) => {
      const colon = line.indexOf(':');
      if (colon < 0) return readTeam(lineNumber, line, line, []);
      const after = line.slice(colon + 1);
      return readTeam(lineNumber, line, line.slice(0, colon), after.trim() === '' ? [] : after.split(','));
    }),
  };
}

// ---- CSV ----

type CsvRow = { lineNumber: number; text: string; cells: string[] };
type BrokenRow = { lineNumber: number; text: string; problem: string };

/**
 * The non-blank rows of a CSV text, each with the line it starts on and its source text. A row that is
 * no valid CSV (an unclosed quote) ends the reading with a problem on its line; the rows before it stand.
 */
function csvRows(text: string): { rows: CsvRow[]; broken?: BrokenRow } {
  // One kind of line break, so a row's line is the count of breaks before it (csv-parse counts a quoted
  // cell's CRLF as two lines).
  const sourceLines = text.split(LINE_BREAK);
  const rows: CsvRow[] = [];
  let lastLine = 0;
  try {
    parse(sourceLines.join('\n'), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      // Rows are kept as they come, so those before a broken one survive its error.
      on_record: (cells, { lines }) => {
        lastLine = lines; // the row's last line; its line breaks are inside quoted cells
        const lineNumber = lines - cells.reduce((breaks, cell) => breaks + cell.split('\n').length - 1, 0);
        if (cells.some((cell) => cell.trim() !== '')) {
          rows.push({ lineNumber, text: sourceLines.slice(lineNumber - 1, lines).join('\n').trim(), cells });
        }
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const next = pastedLines(text).find((line) => line.lineNumber > lastLine) ?? { lineNumber: lastLine + 1, text: '' };
    return { rows, broken: { ...next, problem: error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'A quote is not closed' : 'This line is not valid CSV' } };
  }
  return { rows };
}

/** Drops a header row: the first row, when its first cell is one of the names. */
function withoutHeader(rows: CsvRow[], headerNames: readonly string[]): CsvRow[] {
  return rows.length > 0 && headerNames.includes(nameKey(rows[0].cells[0])) ? rows.slice(1) : rows;
}

/** Teams as CSV: each row a team name, then a member a column; an optional first row headed `team` or `team name`. */
export function parseTeamCsv(text: string): { lines: TeamLine[] } {
  const { rows, broken } = csvRows(text);
  const readTeam = teamReader();
  const lines = withoutHeader(rows, ['team', 'team name']).map(({ lineNumber, text: row, cells }) =>
    readTeam(lineNumber, row, cells[0], cells.slice(1)),
  );
  return { lines: broken ? [...lines, broken] : lines };
}

// ---- Fixtures ----

/** Reads fixtures one after another against the roster, remembering the matches already listed. */
function fixtureReader(teamNames: readonly string[], timeZoneOffsetMinutes: number) {
  const roster = new Map<string, string>();
  for (const name of teamNames) if (!roster.has(nameKey(name))) roster.set(nameKey(name), name);
  const firstLineOfMatch = new Map<string, number>();
  return (lineNumber: number, text: string, cells: string[]): FixtureLine => {
    const problem = (message: string): FixtureLine => ({ lineNumber, text, problem: message });
    if (cells.length < 4) return problem('A fixture needs a date, time, home team and away team');
    const [dateCell, timeCell, homeCell, awayCell, venueCell = ''] = cells.map((cell) => storedName(tidy(cell)));
    const date = readDate(dateCell);
    if (!date) return problem('Date should be YYYY-MM-DD or DD/MM/YYYY');
    const minuteOfDay = readTime(timeCell);
    if (minuteOfDay === undefined) return problem('Time should be HH:MM (24 hours) or h:mm am/pm');
    if (homeCell === '') return problem('Home team is missing');
    if (awayCell === '') return problem('Away team is missing');
    const home = roster.get(nameKey(homeCell));
    if (home === undefined) return problem(`Unknown team "${homeCell}"`);
    const away = roster.get(nameKey(awayCell));
    if (away === undefined) return problem(`Unknown team "${awayCell}"`);
    if (home === away) return problem('A team cannot play itself');
    if (venueCell.length > VENUE_MAX_LENGTH) return problem(`Venue is longer than ${VENUE_MAX_LENGTH} characters`);
    if (!isPlainText(venueCell)) return problem('Venue has hidden control characters');
    if (venueCell !== '' && !isVisibleText(venueCell)) return problem('Venue has no characters you can see');
    const startsAt = utcInstant(date, minuteOfDay, timeZoneOffsetMinutes);
    // The same two teams at the same time is one match listed twice, whichever side is at home.
    const matchKey = [startsAt, ...[home, away].map(nameKey).sort()].join('\n');
    const earlier = firstLineOfMatch.get(matchKey);
    if (earlier !== undefined) return problem(`Same match as line ${earlier}`);
    firstLineOfMatch.set(matchKey, lineNumber);
    return { lineNumber, text, fixture: venueCell === '' ? { startsAt, home, away } : { startsAt, home, away, venue: venueCell } };
  };
}

/**
 * Fixtures pasted one a line, `date, time, home, away[, venue]` (a venue may hold commas): dates
 * YYYY-MM-DD or DD/MM/YYYY, times HH:MM or h:mm am/pm, local at the offset (India's by default),
 * teams matched to the roster whatever their case and given in its spelling.
 */
export function parseFixtureLines(
  text: string,
  teamNames: readonly string[],
  timeZoneOffsetMinutes = INDIA_UTC_OFFSET_MINUTES,
): { lines: FixtureLine[] } {
  const readFixture = fixtureReader(teamNames, timeZoneOffsetMinutes);
  return {
    lines: pastedLines(text).map(({ lineNumber, text: line }) => {
      const cells = line.split(',');
      return readFixture(lineNumber, line, cells.length > 5 ? [...cells.slice(0, 4), cells.slice(4).join(',')] : cells);
    }),
  };
}

/** Fixtures as CSV, columns date, time, home, away and venue (optional); an optional first row headed `date`. */
export function parseFixtureCsv(
  text: string,
  teamNames: readonly string[],
  timeZoneOffsetMinutes = INDIA_UTC_OFFSET_MINUTES,
): { lines: FixtureLine[] } {
  const { rows, broken } = csvRows(text);
  const readFixture = fixtureReader(teamNames, timeZoneOffsetMinutes);
  const lines = withoutHeader(rows, ['date']).map(({ lineNumber, text: row, cells }): FixtureLine => {
    const used = dropTrailingBlanks(cells.map(tidy));
    if (used.length > 5) return { lineNumber, text: row, problem: 'Too many columns: date, time, home, away, venue' };
    return readFixture(lineNumber, row, cells.slice(0, 5));
  });
  return { lines: broken ? [...lines, broken] : lines };
}
