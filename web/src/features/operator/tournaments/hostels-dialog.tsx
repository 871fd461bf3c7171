// The tournament's hostels in the console: the groups marked so far (each removable) and one more added
// by pasting its invite link or code (what a hostel's representative sends the organisers).
import { useState } from 'react';
import type { Tournament } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { saveTournamentHostels, useTournamentHostels } from '../../../lib/groups/hostels.ts';
import { AddToListForm } from '../add-to-list-form.tsx';
import { useServerAction } from '../use-server-action.ts';

/** The code at the end of an invite link (…/join/<code>), or the code itself. */
const inviteCodeOf = (text: string) => text.trim().split('/').pop() ?? '';

export function HostelsDialog({ tournament, onClose }: { tournament: Tournament | null; onClose: () => void }) {
  const { data: hostels } = useTournamentHostels(tournament?._id ?? null);
  const [invite, setInvite] = useState('');
  const { busy, error, run, clearError } = useServerAction();
  const ids = (hostels ?? []).map((hostel) => hostel.groupId);
  const save = (groupIds: string[], inviteCodes: string[] = []) => tournament && run(() => saveTournamentHostels(tournament._id, groupIds, inviteCodes), MSG.hostelsSaved);
  const add = async () => {
    // The server names a malformed or unknown code.
    if (await save(ids, [inviteCodeOf(invite)])) setInvite('');
  };
  const close = () => {
    clearError();
    setInvite('');
    onClose();
  };
  return (
    <Dialog open={tournament !== null} title="Hostels" description={`Groups competing as hostels in ${tournament?.title ?? ''}: their members' bets won add up on the hostel leaderboard.`} onClose={close}>
      {hostels === undefined ? (
        <LoadingBlock label="Loading hostels" />
      ) : hostels.length === 0 ? (
        <p className="muted">No hostels yet.</p>
      ) : (
        <ul className="hostel-admin-list" aria-label="Hostels">
          {hostels.map((hostel) => (
            <li key={hostel.groupId} className="hostel-admin-row">
              <div>
                <h3 className="operator-row-title">{hostel.name}</h3>
                <p className="muted">
                  {hostel.memberCount} {hostel.memberCount === 1 ? 'member' : 'members'}
                </p>
              </div>
              <Button variant="secondary" className="btn-small" disabled={busy} onClick={() => void save(ids.filter((id) => id !== hostel.groupId))} aria-label={`Remove ${hostel.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddToListForm
        label="Add a hostel"
        name="invite"
        placeholder="Invite link or code"
        hint="Paste the group's invite link."
        value={invite}
        onChange={(e) => setInvite(e.target.value)}
        submitLabel="Add hostel"
        busy={busy}
        error={error}
        onSubmit={() => void add()}
        onDone={close}
      />
    </Dialog>
  );
}
