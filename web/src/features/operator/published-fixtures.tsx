// A tournament whose format is published, as the Fixtures screen and the guided setup show it: said so,
// with its seeding, and the way to its matches; it is never planned again.
import type { TournamentFormat, TournamentShape } from '#shared/api.ts';
import { Link } from '../../components/link.tsx';
import { operatorEventsPath } from '../../lib/paths.ts';
import { formatName } from './plan-choices.ts';
import './fixtures.css';

export function PublishedFixtures({ tournamentId, shape }: { tournamentId: string; shape: TournamentShape & { format: TournamentFormat } }) {
  return (
    <section className="card" aria-labelledby="published">
      <h2 id="published">Fixtures published</h2>
      <p>
        {formatName(shape.format)}. {shape.stage ? `Now: ${shape.stage}.` : ''}
      </p>
      {shape.seeds.length > 0 && (
        <details className="published-seeding">
          <summary>Seeding: {shape.seeds.length} teams, best first</summary>
          <ol>
            {shape.seeds.map((team) => (
              <li key={team._id}>{team.teamName}</li>
            ))}
          </ol>
        </details>
      )}
      <Link to={operatorEventsPath(tournamentId)} className="btn btn-secondary">
        See the matches
      </Link>
    </section>
  );
}

