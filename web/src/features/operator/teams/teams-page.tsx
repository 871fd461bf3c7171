import { Suspense, useEffect, useState } from 'react';
import type { Team, Tournament } from '#shared/api.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { UserIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { FormError, SelectField } from '../../../components/text-field.tsx';
import { createTeam } from './api/create-team.ts';
import { useConsoleTournament } from '../console-scope.ts';
import { membersText } from '../catalog-forms.ts';
import { CreateForm } from '../create-form.tsx';
import { forgetTeam, type KnownTeam, rememberTeam, useKnownTeams } from './known-teams.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { OperatorPage } from '../operator-page.tsx';
import { emptyTeamDraft, TeamFields, teamInput } from './team-fields.tsx';
import { useServerAction } from '../use-server-action.ts';
import { LAPTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
// The wide page's forms keep their width above the table (tables.css), from the first paint.
import '../tables.css';

// Opens only on a click: its chunk loads once the page is idle, or at the first Edit.
const editDialog = onDemand(() => import('./edit-team-dialog.tsx'));

// Not needed for the page's first paint (the first-visit budget, docs/benchmarks.md), each a chunk of its own:
// the laptop's table of the teams, asked for at a laptop's width as the page opens, while the teams load;
// and 'Paste teams', asked for as the page renders (its preview's rules come with the first paste).
const TeamTable = lazyPage(() => import('./team-table.tsx').then((m) => ({ default: m.TeamTable })));
const PasteTeams = lazyPage(() => import('./paste-teams.tsx').then((m) => ({ default: m.PasteTeams })));

/** A team made here belongs to the tournament worked on; an operator may make one shared by all instead. */
function NewTeam({ tournament, isOperator }: { tournament: Tournament; isOperator: boolean }) {
  const [draft, setDraft] = useState(emptyTeamDraft);
  const [shared, setShared] = useState(false);
  const { busy, error, run } = useServerAction();
  const submit = async () => {
    const created = await run(() => createTeam({ ...teamInput(draft), ...(!shared && { tournamentId: tournament._id }) }), 'Team created');
    if (created) {
      rememberTeam(created.value, shared ? undefined : tournament._id);
      setDraft(emptyTeamDraft);
    }
  };
  return (
    <CreateForm title="New team" submitLabel="Create team" busy={busy} error={error} onSubmit={() => void submit()}>
      {isOperator && (
        <SelectField label="Belongs to" value={shared ? 'shared' : 'tournament'} onChange={(e) => setShared(e.target.value === 'shared')}>
          <option value="tournament">{tournament.title}</option>
          <option value="shared">Any tournament (shared)</option>
        </SelectField>
      )}
      <TeamFields draft={draft} onChange={setDraft} />
    </CreateForm>
  );
}

function TeamList({ tournamentId, onEdit, laptop }: { tournamentId: string; onEdit: (team: Team) => void; laptop: boolean }) {
  const teams = useKnownTeams([tournamentId]);
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const remove = async (team: KnownTeam) => {
    // The removal's code (its call and the Undo toast) comes with the first removal: the page's first load stays in its budget.
    const { removeTeamUndoably } = await import('./remove-team-undoably.ts');
    await removeTeamUndoably(team, team.tournamentId, run, {
      onRemoved: () => {
        forgetTeam(team._id);
        void refreshCatalog();
      },
      onRestored: (made) => {
        // Made anew (a new id), so the removal's memory does not hide it.
        rememberTeam(made, team.tournamentId);
        void refreshCatalog();
      },
    });
  };
  if (teams === null) return <LoadingBlock label="Loading teams" />;
  if (teams.length === 0) return <EmptyState icon={<UserIcon size={28} />} title="No teams in this tournament yet" />;
  // A laptop has the width for a table, edited in place.
  if (laptop) {
    return (
      <>
        {error && <FormError message={error} />}
        <Suspense fallback={<LoadingBlock label="Loading teams" />}>
          <TeamTable teams={teams} busy={busy} onRemove={(team) => void remove(team)} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      {error && <FormError message={error} />}
      <ul className="operator-list">
        {teams.map((team) => (
          <li key={team._id} className="operator-row">
            <div className="operator-row-main">
              <h3 className="operator-row-title">
                {team.teamName}
                {team.teamRank !== null && <span className="operator-row-tag">Rank #{team.teamRank}</span>}
              </h3>
              <p className="operator-row-meta">{membersText(team.members) || 'No members listed'}</p>
            </div>
            <div className="operator-actions">
              <Button variant="secondary" className="btn-small" onClick={() => onEdit(team)} aria-label={`Edit ${team.teamName}`}>
                Edit
              </Button>
              <Button variant="secondary" className="btn-small" disabled={busy} onClick={() => void remove(team)} aria-label={`Remove ${team.teamName}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function OperatorTeamsPage() {
  const laptop = useMediaQuery(LAPTOP_QUERY);
  useEffect(() => {
    if (laptop) void TeamTable.preload().catch(() => {}); // the render reports a failure
  }, [laptop]);
  const [editing, setEditing] = useState<Team | null>(null);
  editDialog.usePreloadWhenIdle();
  const EditTeamDialog = editDialog.useModule(editing !== null, () => setEditing(null))?.EditTeamDialog;
  const scope = useConsoleTournament();
  const { tournament } = scope;
  return (
    <OperatorPage wide={laptop} scope={scope} title="Teams" subtitle="The tournament's teams, listed whole on every device. A team no match uses can be removed.">
      {scope.tournaments === null ? (
        <LoadingBlock label="Loading tournaments" />
      ) : !tournament ? (
        <EmptyState icon={<UserIcon size={28} />} title={scope.isOperator ? 'Create a tournament first' : 'You organise no tournament yet'} />
      ) : (
        <>
          <NewTeam key={tournament._id} tournament={tournament} isOperator={scope.isOperator} />
          <Suspense fallback={null}>
            <PasteTeams key={tournament._id} tournamentId={tournament._id} />
          </Suspense>
          <section className="card" aria-labelledby="all-teams">
            <h2 id="all-teams">Teams</h2>
            <TeamList tournamentId={tournament._id} onEdit={setEditing} laptop={laptop} />
          </section>
        </>
      )}
      {EditTeamDialog && <EditTeamDialog team={editing} onClose={() => setEditing(null)} />}
    </OperatorPage>
  );
}
