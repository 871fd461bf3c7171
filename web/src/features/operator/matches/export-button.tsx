// 'Download CSV': every bet of the tournament and its leaderboards. The server prepares the file in the
// background ('Preparing…' while the console polls for it), then the browser opens its short-lived link as a download.
import { Button } from '../../../components/button.tsx';
import { prepareExport } from './api/export-tournament.ts';
import { useServerAction } from '../use-server-action.ts';
import { FormError } from '../../../components/text-field.tsx';

export function ExportButton({ tournamentId }: { tournamentId: string }) {
  const { busy, error, run } = useServerAction();
  const download = async () => {
    const done = await run(() => prepareExport(tournamentId), 'Export ready: downloading');
    if (done?.value.url) window.location.assign(done.value.url);
  };
  return (
    <div className="operator-export">
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download CSV'}
      </Button>
      <p className="muted" role="status">
        {busy ? 'Preparing the file: a tournament with many bets takes a few minutes. You may leave: Download CSV picks the same file up later.' : 'Every bet of this tournament and its leaderboards, as a spreadsheet file.'}
      </p>
      <FormError message={error} />
    </div>
  );
}
