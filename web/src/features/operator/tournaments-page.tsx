import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Tournament } from '#shared/api.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TrophyIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { operatorEventsPath } from '../../lib/paths.ts';
import { ActionDialog } from './action-dialog.tsx';
import { createTournament } from './api/create-tournament.ts';
import { updateTournament } from './api/update-tournament.ts';
import { CreateForm } from './create-form.tsx';
import { OperatorPage } from './operator-page.tsx';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { TournamentFields, tournamentInput, type TournamentDraft } from './tournament-fields.tsx';
import { useEditDraft } from './use-edit-draft.ts';
import { useDialogAction, useServerAction } from './use-server-action.ts';

const emptyDraft: TournamentDraft = { title: '', previewImg: '' };

function NewTournament() {
  const [draft, setDraft] = useState(emptyDraft);
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const submit = async () => {
    if (await run(() => createTournament(tournamentInput(draft)), 'Tournament created')) {
      setDraft(emptyDraft);
      void refreshCatalog();
    }
  };
  return (
    <CreateForm title="New tournament" submitLabel="Create tournament" busy={busy} error={error} onSubmit={submit}>
      <TournamentFields draft={draft} onChange={setDraft} />
    </CreateForm>
  );
}

function EditTournamentDialog({ tournament, onClose }: { tournament: Tournament | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(tournament, (saved) => ({ title: saved.title, previewImg: saved.previewImg ?? '' }), emptyDraft);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const save = () => tournament && submit(() => updateTournament(tournament._id, tournamentInput(draft)), 'Tournament saved', refreshCatalog);
  return (
    <ActionDialog open={tournament !== null} title="Edit tournament" submitLabel="Save changes" busy={busy} error={error} onClose={close} onSubmit={save}>
      <TournamentFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}

function TournamentList({ onEdit }: { onEdit: (tournament: Tournament) => void }) {
  const tournaments = useTournamentList();
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
            <Link to={operatorEventsPath(tournament._id)} className="btn btn-secondary btn-small" aria-label={`Events of ${tournament.title}`}>
              Events
            </Link>
            <Button variant="secondary" className="btn-small" onClick={() => onEdit(tournament)} aria-label={`Edit ${tournament.title}`}>
              Edit
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function OperatorTournamentsPage() {
  const [editing, setEditing] = useState<Tournament | null>(null);
  return (
    <OperatorPage title="Tournaments" subtitle="Create a tournament, then schedule its matches under Events.">
      <NewTournament />
      <section className="card" aria-labelledby="all-tournaments">
        <h2 id="all-tournaments">All tournaments</h2>
        <TournamentList onEdit={setEditing} />
      </section>
      <EditTournamentDialog tournament={editing} onClose={() => setEditing(null)} />
    </OperatorPage>
  );
}
