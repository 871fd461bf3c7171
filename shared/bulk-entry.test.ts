import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MEMBER_NAME_MAX_LENGTH,
  TEAM_MAX_MEMBERS,
  TEAM_NAME_MAX_LENGTH,
  VENUE_MAX_LENGTH,
  parseFixtureCsv,
  parseFixtureLines,
  parseTeamCsv,
  parseTeamLines,
  type FixtureLine,
  type TeamLine,
} from './bulk-entry.ts';

const problems = (lines: (TeamLine | FixtureLine)[]) => lines.map((line) => [line.lineNumber, line.problem]);

// Names as organisers type them: letters, digits and a few marks, single spaces, no separators.
const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.'&-]{0,7}$/);
const name = (max: number) => fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ').slice(0, max).trim()).filter((text) => text !== '');
const teamsArbitrary = fc.uniqueArray(
  // A name that starts like a list's numbering ('1. A') is read as the list's item 'A' (pastedLines).
  fc.record({ teamName: name(TEAM_NAME_MAX_LENGTH).filter((teamName) => !/^(\d{1,3}[.)]|[-•*–·])(\s|$)/u.test(teamName)), members: fc.array(name(MEMBER_NAME_MAX_LENGTH), { maxLength: 6 }) }),
  { minLength: 1, maxLength: 12, selector: (team) => team.teamName.toLowerCase() },
);
/** Spaces an organiser might leave around and inside a name. */
const untidy = (text: string, spaces: number) => `${' '.repeat(spaces % 3)}${text.replace(/ /g, spaces % 2 ? '  ' : '\t ')}${' '.repeat(spaces % 2)}`;

describe('parseTeamLines', () => {
  it('reads a team a line, with or without members, tidying spaces', () => {
    const { lines } = parseTeamLines('Tigers: Asha,  Ravi Kumar ,Meena\n\n   Blue   Lions   \r\nEagles:\nHawks: Dev,');
    expect(lines).toEqual([
      { lineNumber: 1, text: 'Tigers: Asha,  Ravi Kumar ,Meena', team: { teamName: 'Tigers', members: ['Asha', 'Ravi Kumar', 'Meena'] } },
      { lineNumber: 3, text: 'Blue   Lions', team: { teamName: 'Blue Lions', members: [] } },
      { lineNumber: 4, text: 'Eagles:', team: { teamName: 'Eagles', members: [] } },
      { lineNumber: 5, text: 'Hawks: Dev,', team: { teamName: 'Hawks', members: ['Dev'] } },
    ]);
  });

  it('says what is wrong with a line', () => {
    const long = 'x'.repeat(TEAM_NAME_MAX_LENGTH + 1);
    const members = (count: number) => Array.from({ length: count }, (_, index) => `M${index}`).join(', ');
    const text = [
      ': Asha, Ravi',
      `${long}: Asha`,
      'Tigers: Asha, , Ravi',
      `Lions: ${'y'.repeat(MEMBER_NAME_MAX_LENGTH + 1)}`,
      `Eagles: ${members(TEAM_MAX_MEMBERS + 1)}`,
      `Hawks: ${members(TEAM_MAX_MEMBERS)}`,
      'TIGERS  : Meena',
      'Bad\u0007Bell',
      'Sneaky: \u202Eevil',
    ].join('\n');
    expect(problems(parseTeamLines(text).lines)).toEqual([
      [1, 'Team name is missing'],
      [2, `Team name is longer than ${TEAM_NAME_MAX_LENGTH} characters`],
      [3, "A member's name is empty"],
      [4, `A member's name is longer than ${MEMBER_NAME_MAX_LENGTH} characters`],
      [5, `More than ${TEAM_MAX_MEMBERS} members`],
      [6, undefined],
      [7, 'Same team as line 3'],
      [8, 'Team name has hidden control characters'],
      [9, "A member's name has hidden control characters"],
    ]);
  });

  it("drops a list's numbering and bullets, as a WhatsApp list carries them", () => {
    const { lines } = parseTeamLines(['1. Kaveri', '2) Ganga: Asha', '- Yamuna', '• Tapti', '10. 1st Years', 'Block-B'].join('\n'));
    expect(lines.map((line) => line.team?.teamName)).toEqual(['Kaveri', 'Ganga', 'Yamuna', 'Tapti', '1st Years', 'Block-B']);
    expect(lines[1].text).toBe('Ganga: Asha');
  });

  it('refuses a name with nothing to see, and takes names drawn alike for the same team, composed as stored', () => {
    const text = ['Visible', '\u200B', 'Lions', 'Li\u200Bons', 'Zoe\u0308 XI', 'Zo\u00EB XI', 'Crew: \u2800'].join('\n');
    const { lines } = parseTeamLines(text);
    expect(problems(lines)).toEqual([
      [1, undefined],
      [2, 'Team name has no characters you can see'],
      [3, undefined],
      [4, 'Same team as line 3'],
      [5, undefined],
      [6, 'Same team as line 5'],
      [7, "A member's name has no characters you can see"],
    ]);
    expect(lines[4].team?.teamName).toBe('Zo\u00EB XI');
  });

  it('reads back any list of teams however it is spaced', () => {
    fc.assert(
      fc.property(teamsArbitrary, fc.nat(), (teams, spaces) => {
        const text = teams
          .map(({ teamName, members }) => untidy(teamName, spaces) + (members.length > 0 ? `:${members.map((member) => untidy(member, spaces + 1)).join(',')}` : ''))
          .join('\n\n');
        const { lines } = parseTeamLines(text);
        expect(lines.map((line) => line.team)).toEqual(teams);
        expect(lines.map((line) => line.lineNumber)).toEqual(teams.map((_, index) => 2 * index + 1));
      }),
    );
  });

  it('answers a line for each non-blank line, a team or a problem, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', ' ', ':', ',', '\n', '\r', '\t', 'é', '"') }), (text) => {
        const { lines } = parseTeamLines(text);
        expect(lines).toHaveLength(text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length);
        for (const line of lines) expect((line.team === undefined) !== (line.problem === undefined)).toBe(true);
        const names = lines.flatMap((line) => (line.team ? [line.team.teamName.toLowerCase()] : []));
        expect(new Set(names).size).toBe(names.length);
      }),
    );
  });
});

describe('parseTeamCsv', () => {
  it('reads a team a row, members in the next columns, after an optional header', () => {
    const csv = 'Team Name,Member 1,Member 2\r\n"Tigers, North",Asha,"Ravi ""RK"" Kumar"\r\n\r\nLions,,,\r\nEagles,Dev,,Meena\r\n';
    expect(parseTeamCsv(csv).lines).toEqual([
      { lineNumber: 2, text: '"Tigers, North",Asha,"Ravi ""RK"" Kumar"', team: { teamName: 'Tigers, North', members: ['Asha', 'Ravi "RK" Kumar'] } },
      { lineNumber: 4, text: 'Lions,,,', team: { teamName: 'Lions', members: [] } },
      { lineNumber: 5, text: 'Eagles,Dev,,Meena', problem: "A member's name is empty" },
    ]);
    expect(parseTeamCsv('team\nTigers').lines.map((line) => line.team?.teamName)).toEqual(['Tigers']);
    expect(parseTeamCsv('Tigers\nteam').lines.map((line) => line.team?.teamName)).toEqual(['Tigers', 'team']);
  });

  it('numbers a row by the line it starts on, a quoted line break inside', () => {
    const { lines } = parseTeamCsv('Tigers,"Asha\r\nRao"\nLions,Dev\n"Eagles\nFC",Meena');
    expect(lines.map((line) => [line.lineNumber, line.text, line.team?.teamName])).toEqual([
      [1, 'Tigers,"Asha\nRao"', 'Tigers'],
      [3, 'Lions,Dev', 'Lions'],
      [4, '"Eagles\nFC",Meena', 'Eagles FC'],
    ]);
    expect(lines[0].team?.members).toEqual(['Asha Rao']);
  });

  it('keeps the rows before an unclosed quote and says where it is', () => {
    expect(parseTeamCsv('Tigers,Asha\n\nLions,"Dev\nEagles,Meena').lines).toEqual([
      { lineNumber: 1, text: 'Tigers,Asha', team: { teamName: 'Tigers', members: ['Asha'] } },
      { lineNumber: 3, text: 'Lions,"Dev', problem: 'A quote is not closed' },
    ]);
  });

  it('reads back any list of teams written as CSV, with commas, quotes and spaces in the names', () => {
    const csvName = (max: number) =>
      fc.array(fc.oneof(word, fc.constantFrom(',', '"', "O'Neil", '"Jr"')), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ').slice(0, max).trim()).filter((text) => text !== '');
    const csvTeams = fc.uniqueArray(
      fc.record({ teamName: csvName(TEAM_NAME_MAX_LENGTH), members: fc.array(csvName(MEMBER_NAME_MAX_LENGTH), { maxLength: 5 }) }),
      { minLength: 1, maxLength: 10, selector: (team) => team.teamName.toLowerCase() },
    );
    fc.assert(
      fc.property(csvTeams, fc.boolean(), (teams, header) => {
        const rows = teams.map(({ teamName, members }) => [teamName, ...members]);
        const { lines } = parseTeamCsv(stringify(header ? [['Team', 'Members'], ...rows] : rows));
        expect(lines.map((line) => line.team)).toEqual(teams);
      }),
    );
  });

  it('never throws, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', '\uFEFF') }), (text) => {
        for (const line of parseTeamCsv(text).lines) expect((line.team === undefined) !== (line.problem === undefined)).toBe(true);
      }),
    );
  });
});

describe('parseFixtureLines', () => {
  const roster = ['Tigers', 'Blue Lions', 'Eagles'];

  it('reads date, time, home, away and venue, local to India unless told, in the roster’s spelling', () => {
    const { lines } = parseFixtureLines('2024-03-01, 18:30, tigers, BLUE  LIONS, Ground 2, North Campus\n\n05/03/2024,6:30 pm,Eagles,Tigers\n2024-03-06, 9:00, Eagles, Blue Lions,', roster);
    expect(lines).toEqual([
      {
        lineNumber: 1,
        text: '2024-03-01, 18:30, tigers, BLUE  LIONS, Ground 2, North Campus',
        fixture: { startsAt: '2024-03-01T13:00:00.000Z', home: 'Tigers', away: 'Blue Lions', venue: 'Ground 2, North Campus' },
      },
      { lineNumber: 3, text: '05/03/2024,6:30 pm,Eagles,Tigers', fixture: { startsAt: '2024-03-05T13:00:00.000Z', home: 'Eagles', away: 'Tigers' } },
      { lineNumber: 4, text: '2024-03-06, 9:00, Eagles, Blue Lions,', fixture: { startsAt: '2024-03-06T03:30:00.000Z', home: 'Eagles', away: 'Blue Lions' } },
    ]);
    expect(parseFixtureLines('2024-03-01, 18:30, Tigers, Eagles', roster, 0).lines[0].fixture?.startsAt).toBe('2024-03-01T18:30:00.000Z');
  });

  it('says what is wrong with a line', () => {
    const text = [
      '2024-03-01, 18:30, Tigers',
      '2024-02-30, 18:30, Tigers, Eagles',
      '2024-03-01, 25:00, Tigers, Eagles',
      '2024-03-01, 18:30, , Eagles',
      '2024-03-01, 18:30, Tigers,',
      '2024-03-01, 18:30, Tigerz, Eagles',
      '2024-03-01, 18:30, Tigers, Tigers',
      `2024-03-01, 18:30, Tigers, Eagles, ${'v'.repeat(VENUE_MAX_LENGTH + 1)}`,
      '2024-03-01, 18:30, Tigers, Eagles, Ground 1',
      '01/03/2024, 6:30 PM, eagles, tigers',
      '2024-03-01, 18:30, Tigers, Blue Lions',
    ].join('\n');
    expect(problems(parseFixtureLines(text, roster).lines)).toEqual([
      [1, 'A fixture needs a date, time, home team and away team'],
      [2, 'Date should be YYYY-MM-DD or DD/MM/YYYY'],
      [3, 'Time should be HH:MM (24 hours) or h:mm am/pm'],
      [4, 'Home team is missing'],
      [5, 'Away team is missing'],
      [6, 'Unknown team "Tigerz"'],
      [7, 'A team cannot play itself'],
      [8, `Venue is longer than ${VENUE_MAX_LENGTH} characters`],
      [9, undefined],
      [10, 'Same match as line 9'],
      [11, undefined],
    ]);
  });

  it('reads back any fixture list in either date and time style', () => {
    const fixture = fc.record({
      day: fc.integer({ min: 0, max: 3000 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      teams: fc.shuffledSubarray(roster, { minLength: 2, maxLength: 2 }),
      venue: fc.option(name(VENUE_MAX_LENGTH), { nil: undefined }),
      dayFirst: fc.boolean(),
      amPm: fc.boolean(),
    });
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(fc.array(fixture, { maxLength: 8 }), fc.integer({ min: -720, max: 840 }), (fixtures, offset) => {
        const text = fixtures
          .map(({ day, minute, teams: [home, away], venue, dayFirst, amPm }) => {
            const date = new Date(Date.UTC(2024, 0, 1 + day));
            const [y, m, d] = [date.getUTCFullYear(), two(date.getUTCMonth() + 1), two(date.getUTCDate())];
            const [hour, min] = [Math.floor(minute / 60), two(minute % 60)];
            const time = amPm ? `${hour % 12 || 12}:${min} ${hour < 12 ? 'am' : 'PM'}` : `${hour}:${min}`;
            return [dayFirst ? `${d}/${m}/${y}` : `${y}-${m}-${d}`, time, home.toUpperCase(), away, ...(venue ? [venue] : [])].join(', ');
          })
          .join('\n');
        const { lines } = parseFixtureLines(text, roster, offset);
        const seen = new Set<string>();
        fixtures.forEach(({ day, minute, teams: [home, away], venue }, index) => {
          const startsAt = new Date(Date.UTC(2024, 0, 1 + day, 0, minute - offset)).toISOString();
          const key = `${startsAt} ${[home, away].sort().join()}`;
          expect(lines[index]).toEqual(
            seen.has(key) ? expect.objectContaining({ problem: expect.stringMatching(/^Same match as line \d+$/) }) : expect.objectContaining({ fixture: venue ? { startsAt, home, away, venue } : { startsAt, home, away } }),
          );
          seen.add(key);
        });
      }),
    );
  });

  it('answers a line for each non-blank line, a fixture or a problem, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('2', '0', '-', '/', ':', ',', ' ', '\n', 'Tigers', 'Eagles', 'pm') }), (text) => {
        const { lines } = parseFixtureLines(text, roster);
        expect(lines).toHaveLength(text.split('\n').filter((line) => line.trim() !== '').length);
        for (const line of lines) expect((line.fixture === undefined) !== (line.problem === undefined)).toBe(true);
      }),
    );
  });
});

describe('parseFixtureCsv', () => {
  const roster = ['Tigers', 'Blue Lions, North', 'Eagles'];

  it('reads the columns after an optional header, names with commas quoted', () => {
    const csv = 'Date,Time,Home,Away,Venue\n2024-03-01,18:30,Tigers,"blue lions, north","Ground 2, North"\n2024-03-02,10:00,Eagles,Tigers,,\n2024-03-03,10:00,Eagles,Tigers,Main,Extra\n';
    expect(parseFixtureCsv(csv, roster).lines).toEqual([
      {
        lineNumber: 2,
        text: '2024-03-01,18:30,Tigers,"blue lions, north","Ground 2, North"',
        fixture: { startsAt: '2024-03-01T13:00:00.000Z', home: 'Tigers', away: 'Blue Lions, North', venue: 'Ground 2, North' },
      },
      { lineNumber: 3, text: '2024-03-02,10:00,Eagles,Tigers,,', fixture: { startsAt: '2024-03-02T04:30:00.000Z', home: 'Eagles', away: 'Tigers' } },
      { lineNumber: 4, text: '2024-03-03,10:00,Eagles,Tigers,Main,Extra', problem: 'Too many columns: date, time, home, away, venue' },
    ]);
  });

  it('finds a match listed twice, and an unclosed quote', () => {
    const csv = '2024-03-01,18:30,Tigers,Eagles\n01/03/2024,6:30 pm,Eagles,TIGERS\n2024-03-01,18:30,"Tigers,Eagles';
    expect(problems(parseFixtureCsv(csv, roster).lines)).toEqual([
      [1, undefined],
      [2, 'Same match as line 1'],
      [3, 'A quote is not closed'],
    ]);
  });

  it('never throws, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('2024-03-01', '18:30', 'Tigers', 'Eagles', ',', '"', '\n', ' ') }), (text) => {
        for (const line of parseFixtureCsv(text, roster).lines) expect((line.fixture === undefined) !== (line.problem === undefined)).toBe(true);
      }),
    );
  });
});
