// "Paste fixtures" on the matches screen: a tournament's matches one a line (`date, time, home, away[,
// venue]`, teams named as in its roster, times on this device's clock) or from a CSV file, previewed
// line by line (once the preview's rules have loaded: pasted-lines.ts) and saved at once
// (POST /admin/tournaments/{id}/fixtures).
import { useId, useMemo, useState } from 'react';
import { formatZoneName } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { useEventList } from '../../lib/game/get-event-list.ts';
import { pasteFixtures } from './api/paste-fixtures.ts';
import { BulkPastePanel } from './bulk-paste-panel.tsx';
import { NOTHING_PASTED, usePreviewRules } from './pasted-lines.ts';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { useTournamentRoster } from './roster.ts';
import { useServerAction } from './use-server-action.ts';

export function PasteFixtures({ tournamentId }: { tournamentId: string }) {
  const roster = useTournamentRoster(tournamentId);
  const scheduled = useEventList(tournamentId);
  const [pasted, setPasted] = useState(NOTHING_PASTED);
  const [openBetting, setOpenBetting] = useState(true);
  const openBettingId = useId();
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  const rules = usePreviewRules(pasted);
  const preview = useMemo(() => (roster && scheduled && rules ? rules.previewFixtures(pasted, roster, scheduled) : null), [pasted, roster, scheduled, rules]);
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();

  const save = async () => {
    if (!preview || preview.toAdd.length === 0) return;
    const saved = await run(() => pasteFixtures(tournamentId, preview.toAdd, openBetting), ({ created, unchanged }) => MSG.bulkFixturesAdded(created.length, unchanged));
    if (!saved) return;
    setPasted(NOTHING_PASTED);
    await refreshCatalog();
  };

  return (
    <BulkPastePanel
      title="Paste fixtures"
      label="Fixtures, one a line"
      placeholder={'2025-03-01, 18:30, Tapti, Narmada, North Ground\n02/03/2025, 6:30 pm, Kaveri, Yamuna'}
      hint={`Date, time, home team, away team and, if you like, the venue. Teams as the roster names them; times in ${zoneName}. Or upload a CSV with those columns. A match scheduled already is left as it is.`}
      noun={['match', 'matches']}
      pasted={pasted}
      onPaste={setPasted}
      preview={preview}
      busy={busy}
      error={error}
      onSave={() => void save()}
    >
      <div className="operator-check">
        <input id={openBettingId} type="checkbox" checked={openBetting} onChange={(e) => setOpenBetting(e.target.checked)} />
        <label htmlFor={openBettingId}>Open betting on them at once</label>
      </div>
    </BulkPastePanel>
  );
}
