// The Fixtures screen's 'Cup pool' panel, once a format is published: when the tournament-winner pool
// closes (the first knockout match's start by default, or a time the organiser sets), back to that
// default, closing it now, and calling it off (every stake back) after a confirmation.
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { TournamentPool } from '#shared/api.ts';
import { formatDateTime, formatZoneName, isoToZonedInput, zonedInputToIso } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import type { PoolSettingsInput } from '#shared/schemas.ts';
import { Button } from '../../../components/button.tsx';
import { Link } from '../../../components/link.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { poolPath, tournamentPoolKey, useTournamentPool } from '../../../lib/game/get-tournament-pool.ts';
import { coinCount, poolStatusLine } from '../../../lib/game/pool-text.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { useDialogAction, useServerAction } from '../use-server-action.ts';
import { changePoolSettings } from './api/pool-settings.ts';
import './cup-pool.css';

function CallOffDialog({ pool, open, onClose, onDone }: { pool: TournamentPool; open: boolean; onClose: () => void; onDone: () => void }) {
  const { busy, error, close, submit } = useDialogAction(onClose);
  return (
    <ActionDialog
      open={open}
      title="Call off the cup pool?"
      description={`Every stake comes back to its bettor: ${coinCount(pool.total)} from ${pool.backers} ${pool.backers === 1 ? 'stake' : 'stakes'}. The pool cannot be opened again.`}
      submitLabel="Call off and refund"
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={() => void submit(() => changePoolSettings(pool.tournamentId, { callOff: true }), MSG.poolSettingsSaved, onDone)}
    />
  );
}

function PoolSettings({ pool }: { pool: TournamentPool }) {
  const { mutate } = useSWRConfig();
  const { busy, error, run } = useServerAction();
  const [closesAt, setClosesAt] = useState(() => isoToZonedInput(pool.closesAt));
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  const [callingOff, setCallingOff] = useState(false);
  const refresh = () => void mutate(tournamentPoolKey(pool.tournamentId));
  const change = async (input: PoolSettingsInput) => {
    if (await run(() => changePoolSettings(pool.tournamentId, input), MSG.poolSettingsSaved)) refresh();
  };
  const saveTime = (event: FormEvent) => {
    event.preventDefault();
    // An unreadable time goes as typed: the server's message says what it wants.
    void change({ closesAt: zonedInputToIso(closesAt) ?? closesAt });
  };
  const open = pool.status === 'open';
  return (
    <>
      {open && (
        <form className="form cup-pool-time" onSubmit={saveTime} noValidate>
          <TextField label={`Closes at (${zoneName})`} name="closesAt" type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} />
          <div className="cup-pool-actions">
            <Button type="submit" busy={busy}>
              Set closing time
            </Button>
            {pool.closesAtSetByOrganiser && (
              <Button variant="secondary" disabled={busy} onClick={() => void change({ closesAt: null })}>
                Back to default
              </Button>
            )}
          </div>
        </form>
      )}
      <FormError message={error} />
      <div className="cup-pool-actions">
        {open && (
          <Button variant="secondary" disabled={busy} onClick={() => void change({ closeNow: true })}>
            Close now
          </Button>
        )}
        <Button variant="secondary" disabled={busy} onClick={() => setCallingOff(true)}>
          Call off (refund every stake)
        </Button>
      </div>
      <CallOffDialog pool={pool} open={callingOff} onClose={() => setCallingOff(false)} onDone={refresh} />
    </>
  );
}

export function CupPoolPanel({ tournamentId }: { tournamentId: string }) {
  const { data: pool } = useTournamentPool(tournamentId, { live: false });
  // A tournament published before pools had none: nothing to set.
  if (!pool) return null;
  const decided = pool.status === 'shared' || pool.status === 'refunded';
  return (
    <section className="card cup-pool-panel" aria-labelledby="cup-pool-title">
      <h2 id="cup-pool-title">Cup pool</h2>
      <p>
        {poolStatusLine(pool, formatDateTime)}
        {pool.status === 'open' && (pool.closesAtSetByOrganiser ? '. A time you set.' : '. The default: as its deciding match starts.')}
      </p>
      <p className="muted">
        {coinCount(pool.total)} from {pool.backers} {pool.backers === 1 ? 'stake' : 'stakes'}. <Link to={poolPath(tournamentId)}>See the pool</Link>
      </p>
      {!decided && <PoolSettings key={pool.closesAt} pool={pool} />}
    </section>
  );
}
