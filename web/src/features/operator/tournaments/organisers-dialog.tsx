// The operator's Organisers section of a tournament: who runs it, each removable, and one more added by
// email (the account must exist and be verified). Removal applies at the organiser's next request.
import { useState } from 'react';
import type { Tournament } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { AddToListForm } from '../add-to-list-form.tsx';
import { addOrganiser, removeOrganiser, useOrganisers } from './api/organisers.ts';
import { useServerAction } from '../use-server-action.ts';

export function OrganisersDialog({ tournament, onClose }: { tournament: Tournament | null; onClose: () => void }) {
  const { data: organisers } = useOrganisers(tournament?._id ?? null);
  const [email, setEmail] = useState('');
  const { busy, error, run, clearError } = useServerAction();
  const add = async () => {
    if (tournament && (await run(() => addOrganiser(tournament._id, email), MSG.organiserAdded))) setEmail('');
  };
  const close = () => {
    clearError();
    setEmail('');
    onClose();
  };
  return (
    <Dialog
      open={tournament !== null}
      title="Organisers"
      description={`Organisers run ${tournament?.title ?? ''}: its teams, matches, betting and results. Prizes and withdrawals stay with operators.`}
      onClose={close}
    >
      {organisers === undefined ? (
        <LoadingBlock label="Loading organisers" />
      ) : organisers.length === 0 ? (
        <p className="muted">No organisers yet.</p>
      ) : (
        <ul className="operator-list organisers-list" aria-label="Organisers">
          {organisers.map((organiser) => (
            <li key={organiser.userId} className="operator-row">
              <div className="operator-row-main">
                <h3 className="operator-row-title">{organiser.userName}</h3>
                <p className="operator-row-meta">{organiser.email}</p>
              </div>
              <Button
                variant="secondary"
                className="btn-small"
                disabled={busy}
                onClick={() => {
                  if (tournament) void run(() => removeOrganiser(tournament._id, organiser.userId), MSG.organiserRemoved);
                }}
                aria-label={`Remove ${organiser.userName}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddToListForm
        label="Add an organiser"
        name="email"
        type="email"
        placeholder="Their account's email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        submitLabel="Add organiser"
        busy={busy}
        error={error}
        onSubmit={() => void add()}
        onDone={close}
      />
    </Dialog>
  );
}
