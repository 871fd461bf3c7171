// 'Remind me before matches' on a tournament's page (signed-in users): opts in to the betting reminder of
// each of its matches, 15 minutes before the start, without betting in the tournament first. Reminders
// are pushes: with the tab closed they come only to devices with push on, which the note says and links to.
import { useId, useState } from 'react';
import useSWR from 'swr';
import { REMINDER_LEAD_MINUTES } from '#shared/push.ts';
import { Link } from '../../components/link.tsx';
import { Switch } from '../../components/switch.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { notificationPath } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { getTournamentReminder, setTournamentReminder } from '../../lib/push/api.ts';

export function TournamentReminder({ tournamentId }: { tournamentId: string }) {
  const noteId = useId();
  const state = useSWR(['tournament-reminder', tournamentId], () => getTournamentReminder(tournamentId));
  const [busy, setBusy] = useState(false);
  const optedIn = state.data?.optedIn ?? false;

  const toggle = async () => {
    setBusy(true);
    try {
      await state.mutate(await setTournamentReminder(tournamentId, !optedIn), { revalidate: false });
    } catch (failure) {
      toast.error(serverErrorMessage(failure, {}) || 'Could not change the reminders. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card tournament-reminder" aria-label="Match reminders">
      <Switch checked={optedIn} busy={busy} disabled={!state.data} describedBy={noteId} onToggle={() => void toggle()}>
        Remind me before matches
      </Switch>
      <p id={noteId} className="tournament-reminder-note">
        A reminder {REMINDER_LEAD_MINUTES} minutes before each match you have not bet on. To get it with the app closed, turn on{' '}
        <Link to={notificationPath('all')}>push notifications</Link> on this device.
      </p>
    </section>
  );
}
