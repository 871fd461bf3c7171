// The Teams screen on a laptop: the teams as a table, each row edited in place (name, rank,
// members: the Edit dialog's fields) and removable while no match uses it.
import { useState } from 'react';
import type { Team } from '#shared/api.ts';
import { TEAM_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { updateTeam } from './api/update-team.ts';
import { membersText } from '../catalog-forms.ts';
import { rememberTeam } from './known-teams.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { teamDraft, teamInput, type TeamDraft } from './team-fields.tsx';
import { useServerAction } from '../use-server-action.ts';
import '../tables.css';

function EditingRow({ team, onDone }: { team: Team; onDone: () => void }) {
  const [draft, setDraft] = useState<TeamDraft>(() => teamDraft(team));
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const save = async () => {
    const saved = await run(() => updateTeam(team._id, teamInput(draft)), 'Team saved');
    if (!saved) return;
    rememberTeam(saved.value);
    void refreshCatalog();
    onDone();
  };
  return (
    <tr className="is-editing">
      <td>
        <input
          className="field-input table-input"
          aria-label={`Name of ${team.teamName}`}
          maxLength={TEAM_NAME_MAX_LENGTH}
          value={draft.teamName}
          onChange={(e) => setDraft({ ...draft, teamName: e.target.value })}
        />
        <FormError message={error} />
      </td>
      <td>
        <input
          className="field-input table-input table-input-narrow"
          aria-label={`Rank of ${team.teamName}`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.teamRank}
          onChange={(e) => setDraft({ ...draft, teamRank: e.target.value })}
        />
      </td>
      <td>
        <input
          className="field-input table-input"
          aria-label={`Members of ${team.teamName}`}
          autoComplete="off"
          value={draft.members}
          onChange={(e) => setDraft({ ...draft, members: e.target.value })}
        />
      </td>
      <td>
        <div className="table-actions">
          <Button className="btn-small" busy={busy} onClick={() => void save()}>
            Save
          </Button>
          <Button variant="secondary" className="btn-small" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </td>
    </tr>
  );
}

export function TeamTable({ teams, busy, onRemove }: { teams: readonly Team[]; busy: boolean; onRemove: (team: Team) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="table-frame">
      <table className="console-table">
        <caption className="visually-hidden">Teams</caption>
        <thead>
          <tr>
            <th scope="col">Team</th>
            <th scope="col">Rank</th>
            <th scope="col">Members</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) =>
            editing === team._id ? (
              <EditingRow key={team._id} team={team} onDone={() => setEditing(null)} />
            ) : (
              <tr key={team._id}>
                <th scope="row">{team.teamName}</th>
                <td className="table-number">{team.teamRank ?? '–'}</td>
                <td className="table-muted">{membersText(team.members) || 'No members listed'}</td>
                <td>
                  <div className="table-actions">
                    <Button variant="secondary" className="btn-small" onClick={() => setEditing(team._id)} aria-label={`Edit ${team.teamName}`}>
                      Edit
                    </Button>
                    <Button variant="secondary" className="btn-small" disabled={busy} onClick={() => onRemove(team)} aria-label={`Remove ${team.teamName}`}>
                      Remove
                    </Button>
                  </div>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
