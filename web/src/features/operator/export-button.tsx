// 'Download CSV': every bet of the tournament and its leaderboards. The server writes the file and
// answers a short-lived link, which the browser then opens as a download.
import { Button } from '../../components/button.tsx';
import { exportTournament } from './api/export-tournament.ts';
import { useServerAction } from './use-server-action.ts';
import { FormError } from '../../components/text-field.tsx';

export function ExportButton({ tournamentId }: { tournamentId: string }) {
  const { busy, error, run } = useServerAction();
  const download = async () => {
    const done = await run(() => exportTournament(tournamentId), 'Export ready: downloading');
    if (done) window.location.assign(done.value.url);
  };
  return (
    <div className="operator-export">
      <Button variant="secondary" busy={busy} onClick={download}>
        Download CSV
      </Button>
      <p className="muted">Every bet of this tournament and its leaderboards, as a spreadsheet file.</p>
      <FormError message={error} />
    </div>
  );
}
