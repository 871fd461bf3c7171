// A league's points table, or one per group: played, won, drawn (in a sport with draws), lost, scored,
// conceded, difference and points, in the server's order, with the tie-break stated under the tables. In
// groups, the places that go through to the knockout are marked. A table wider than a phone scrolls
// sideways inside its own box, the place and team staying in view.
import type { StandingsTable as Table } from '#shared/api.ts';
import { type Sport, sportRules } from '#shared/sports.ts';
import { signedDifference } from './shape-text.ts';
import './shape.css';

interface StandingsProps {
  tables: readonly Table[];
  tieBreak: string;
  /** Groups then knockout: how many of each group go through. */
  advancePerGroup?: number;
  /** Names whether a match may be drawn: only then has the table a drawn column. */
  sport: Sport;
}

type Row = Table['rows'][number];

/** The number columns: short on screen, whole for a screen reader and on hover. */
const COLUMNS: { key: keyof Omit<Row, 'team' | 'rank'>; short: string; long: string }[] = [
  { key: 'played', short: 'P', long: 'Played' },
  { key: 'won', short: 'W', long: 'Won' },
  { key: 'drawn', short: 'D', long: 'Drawn' },
  { key: 'lost', short: 'L', long: 'Lost' },
  { key: 'scored', short: 'F', long: 'Scored' },
  { key: 'conceded', short: 'A', long: 'Conceded' },
  { key: 'difference', short: 'GD', long: 'Difference' },
  { key: 'points', short: 'Pts', long: 'Points' },
];

export function Standings({ tables, tieBreak, advancePerGroup, sport }: StandingsProps) {
  const columns = sportRules(sport).drawable ? COLUMNS : COLUMNS.filter((column) => column.key !== 'drawn');
  return (
    <div className="standings">
      {tables.map((table) => (
        <StandingsTable key={table.group ?? 'league'} table={table} columns={columns} advancePerGroup={table.group === null ? undefined : advancePerGroup} />
      ))}
      {advancePerGroup !== undefined && tables.some((table) => table.group !== null) && (
        <p className="standings-note">
          <span className="standings-through-key" aria-hidden="true" /> The top {advancePerGroup === 1 ? 'team' : advancePerGroup} of each group go{advancePerGroup === 1 ? 'es' : ''}{' '}
          through to the knockout.
        </p>
      )}
      <p className="standings-note">{tieBreak}</p>
    </div>
  );
}

function StandingsTable({ table, columns, advancePerGroup }: { table: Table; columns: typeof COLUMNS; advancePerGroup?: number }) {
  const title = table.group === null ? 'Points table' : `Group ${table.group}`;
  return (
    <div className="card standings-card">
      {/* Focusable, so a keyboard can scroll it too. */}
      <div className="standings-scroll" role="region" aria-label={`${title} (scrolls sideways)`} tabIndex={0}>
        <table className="standings-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="standings-rank">
                <abbr title="Place">#</abbr>
              </th>
              <th scope="col" className="standings-team">
                Team
              </th>
              {columns.map(({ key, short, long }) => (
                <th key={key} scope="col" className={`standings-${key}`}>
                  <abbr title={long} aria-hidden="true">
                    {short}
                  </abbr>
                  <span className="visually-hidden">{long}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => {
              // By place in the server's order, as the knockout is filled: teams sharing a place are not all through.
              const through = advancePerGroup !== undefined && index < advancePerGroup;
              return (
                <tr key={row.team._id} className={through ? 'is-through' : undefined}>
                  <td className="standings-rank">{row.rank}</td>
                  <th scope="row" className="standings-team" title={row.team.teamName}>
                    {row.team.teamName}
                    {through && <span className="visually-hidden"> (goes through)</span>}
                  </th>
                  {columns.map(({ key }) => (
                    <td key={key} className={`standings-${key}`}>
                      {key === 'difference' ? signedDifference(row.difference) : row[key]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
