import { useState } from 'react';
import type { Team } from '#shared/api.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import { SelectField } from '../../components/text-field.tsx';
import { createTeam } from './api/create-team.ts';
import { useConsoleScope } from './console-scope.ts';
import { membersText } from './catalog-forms.ts';
import { CreateForm } from './create-form.tsx';
import { rememberTeam, useKnownTeams } from './known-teams.ts';
import { OperatorPage } from './operator-page.tsx';
import { emptyTeamDraft, TeamFields, teamInput } from './team-fields.tsx';
import { useServerAction } from './use-server-action.ts';

// Opens only on a click: its chunk loads once the page is idle, or at the first Edit.
const editDialog = onDemand(() => import('./edit-team-dialog.tsx'));

/** An organiser's team belongs to one of their tournaments; an operator's may be shared by all. */
function NewTeam() {
  const [draft, setDraft] = useState(emptyTeamDraft);
  const { isOperator, tournaments } = useConsoleScope();
  const [chosenTournament, setTournamentId] = useState('');
  const tournamentId = chosenTournament || (isOperator ? '' : (tournaments?.[0]?._id ?? ''));
  const { busy, error, run } = useServerAction();
  const submit = async () => {
    const created = await run(() => createTeam({ ...teamInput(draft), ...(tournamentId && { tournamentId }) }), 'Team created');
    if (created) {
      rememberTeam(created.value);
      setDraft(emptyTeamDraft);
    }
  };
  return (
    <CreateForm title="New team" submitLabel="Create team" busy={busy} error={error} onSubmit={() => void submit()}>
      <SelectField label="Tournament" value={tournamentId} onChange={(e) => setTournamentId(e.target.value)}>
        {isOperator && <option value="">Any tournament (shared)</option>}
        {(tournaments ?? []).map((tournament) => (
          <option key={tournament._id} value={tournament._id}>
            {tournament.title}
          </option>
        ))}
      </SelectField>
      <TeamFields draft={draft} onChange={setDraft} />
    </CreateForm>
  );
}

function TeamList({ onEdit }: { onEdit: (team: Team) => void }) {
  const { isOperator, tournaments } = useConsoleScope();
  const teams = useKnownTeams(isOperator ? undefined : (tournaments ?? []).map((tournament) => tournament._id));
  if (teams === null) return <LoadingBlock label="Loading teams" />;
  if (teams.length === 0) return <EmptyState icon={<UserIcon size={28} />} title="No teams yet" />;
  return (
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
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function OperatorTeamsPage() {
  const [editing, setEditing] = useState<Team | null>(null);
  editDialog.usePreloadWhenIdle();
  const EditTeamDialog = editDialog.useModule(editing !== null, () => setEditing(null))?.EditTeamDialog;
  return (
    <OperatorPage title="Teams" subtitle="Teams play in any tournament. The list shows the teams of scheduled matches and the ones you just created.">
      <NewTeam />
      <section className="card" aria-labelledby="all-teams">
        <h2 id="all-teams">Teams</h2>
        <TeamList onEdit={setEditing} />
      </section>
      {EditTeamDialog && <EditTeamDialog team={editing} onClose={() => setEditing(null)} />}
    </OperatorPage>
  );
}
