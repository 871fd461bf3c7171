import { Suspense, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import type { Tournament } from '#shared/api.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TrophyIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { operatorEventsPath, operatorFixturesPath, PATHS } from '../../../lib/paths.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { useConsoleScope } from '../console-scope.ts';
import { OperatorPage } from '../operator-page.tsx';
import '../fixtures/fixtures.css';

// The create form comes with the sports' rules: a chunk of its own, asked for as the page renders (the
// first-visit budget, docs/benchmarks.md).
const NewTournament = lazyPage(() => import('./new-tournament.tsx'));

// Opens only on a click: its chunk loads once the page is idle, or at the first Edit.
const editDialog = onDemand(() => import('./edit-tournament-dialog.tsx'));
const hostelsDialog = onDemand(() => import('./hostels-dialog.tsx'));
const organisersDialog = onDemand(() => import('./organisers-dialog.tsx'));

/** On a phone: the guided setup, a step at a time (setup-page.tsx). */
function GuidedSetupInvite() {
  return (
    <section className="card phone-only setup-invite" aria-labelledby="guided-setup">
      <h2 id="guided-setup">Set up a tournament</h2>
      <p className="muted">Five steps: its name, the teams, the format, the fixtures, publish.</p>
      <Link to={PATHS.operatorSetup} className="btn btn-primary btn-block">
        Start guided setup
      </Link>
    </section>
  );
}

function TournamentList({
  onEdit,
  onHostels,
  onOrganisers,
}: {
  onEdit: (tournament: Tournament) => void;
  onHostels: (tournament: Tournament) => void;
  onOrganisers: (tournament: Tournament) => void;
}) {
  const { tournaments } = useConsoleScope();
  if (tournaments === null) return <LoadingBlock label="Loading tournaments" />;
  if (tournaments.length === 0) return <EmptyState icon={<TrophyIcon size={28} />} title="No tournaments yet" />;
  return (
    <ul className="operator-list">
      {tournaments.map((tournament) => (
        <li key={tournament._id} className="operator-row">
          {tournament.previewImg ? (
            <img className="operator-thumb" src={tournament.previewImg} alt="" />
          ) : (
            <span className="operator-thumb" aria-hidden="true" />
          )}
          <div className="operator-row-main">
            <h3 className="operator-row-title">{tournament.title}</h3>
            <p className="operator-row-meta">
              {tournament.eventCount} ongoing {tournament.eventCount === 1 ? 'event' : 'events'}
            </p>
          </div>
          <div className="operator-actions">
            <Link to={operatorFixturesPath(tournament._id)} className="btn btn-secondary btn-small" aria-label={`Fixtures of ${tournament.title}`}>
              Fixtures
            </Link>
            <Link to={operatorEventsPath(tournament._id)} className="btn btn-secondary btn-small" aria-label={`Events of ${tournament.title}`}>
              Events
            </Link>
            <Button variant="secondary" className="btn-small" onClick={() => onEdit(tournament)} aria-label={`Edit ${tournament.title}`}>
              Edit
            </Button>
            <Button variant="secondary" className="btn-small" onClick={() => onHostels(tournament)} aria-label={`Hostels of ${tournament.title}`}>
              Hostels
            </Button>
            <Button variant="secondary" className="btn-small" onClick={() => onOrganisers(tournament)} aria-label={`Organisers of ${tournament.title}`}>
              Organisers
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function OperatorTournamentsPage() {
  const [editing, setEditing] = useState<Tournament | null>(null);
  const [hostelsOf, setHostelsOf] = useState<Tournament | null>(null);
  const [organisersOf, setOrganisersOf] = useState<Tournament | null>(null);
  const { isOperator, mayCreateTournaments } = useConsoleScope();
  editDialog.usePreloadWhenIdle();
  const EditTournamentDialog = editDialog.useModule(editing !== null, () => setEditing(null))?.EditTournamentDialog;
  const HostelsDialog = hostelsDialog.useModule(hostelsOf !== null, () => setHostelsOf(null))?.HostelsDialog;
  const OrganisersDialog = organisersDialog.useModule(organisersOf !== null, () => setOrganisersOf(null))?.OrganisersDialog;
  return (
    <OperatorPage
      title="Tournaments"
      subtitle={
        mayCreateTournaments ? 'Create a tournament, then schedule its matches under Events.' : 'The tournaments you organise. Schedule their matches under Events.'
      }
    >
      {mayCreateTournaments && <GuidedSetupInvite />}
      {mayCreateTournaments && (
        <Suspense fallback={null}>
          <NewTournament />
        </Suspense>
      )}
      <section className="card" aria-labelledby="all-tournaments">
        <h2 id="all-tournaments">{isOperator ? 'All tournaments' : 'Your tournaments'}</h2>
        <TournamentList onEdit={setEditing} onHostels={setHostelsOf} onOrganisers={setOrganisersOf} />
      </section>
      {EditTournamentDialog && <EditTournamentDialog tournament={editing} onClose={() => setEditing(null)} />}
      {HostelsDialog && <HostelsDialog tournament={hostelsOf} onClose={() => setHostelsOf(null)} />}
      {OrganisersDialog && <OrganisersDialog tournament={organisersOf} onClose={() => setOrganisersOf(null)} />}
    </OperatorPage>
  );
}
