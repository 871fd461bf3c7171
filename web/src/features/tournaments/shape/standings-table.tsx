// A league's points table, or one per group: played, won, lost, points, in the
// server's order, with the tie-break stated under the tables. In groups, the places that go through to
// the knockout are marked.
import type { StandingsTable as Table } from '#shared/api.ts';
import './shape.css';

interface StandingsProps {
  tables: readonly Table[];
  tieBreak: string;
  /** Groups then knockout: how many of each group go through. */
  advancePerGroup?: number;
}

export function Standings({ tables, tieBreak, advancePerGroup }: StandingsProps) {
  return (
    <div className="standings">
      {tables.map((table) => (
        <StandingsTable key={table.group ?? 'league'} table={table} advancePerGroup={table.group === null ? undefined : advancePerGroup} />
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

function StandingsTable({ table, advancePerGroup }: { table: Table; advancePerGroup?: number }) {
  const title = table.group === null ? 'Points table' : `Group ${table.group}`;
  return (
    <div className="card standings-card">
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
            <th scope="col">
              <abbr title="Played">P</abbr>
            </th>
            <th scope="col">
              <abbr title="Won">W</abbr>
            </th>
            <th scope="col">
              <abbr title="Lost">L</abbr>
            </th>
            <th scope="col" className="standings-points">
              <abbr title="Points">Pts</abbr>
            </th>
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
                <td>{row.played}</td>
                <td>{row.won}</td>
                <td>{row.lost}</td>
                <td className="standings-points">{row.points}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
