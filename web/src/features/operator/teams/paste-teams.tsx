// "Paste teams" on the Teams screen: a tournament's teams one a line (`Team name: member, member, …`) or
// from a CSV file, previewed line by line (once the preview's rules have loaded: pasted-lines.ts) and saved
// at once (POST /admin/tournaments/{id}/teams/bulk).
import { useMemo, useState } from 'react';
import { MSG } from '#shared/messages.ts';
import { pasteTeams } from './api/save-pasted-teams.ts';
import { BulkPastePanel } from '../paste/bulk-paste-panel.tsx';
import { NOTHING_PASTED, TEAM_PASTE_TEXT, usePreviewRules } from '../paste/pasted-lines.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useRefreshRoster, useTournamentRoster } from './roster.ts';
import { useServerAction } from '../use-server-action.ts';

/** Pastes teams into the tournament worked on. */
export function PasteTeams({ tournamentId }: { tournamentId: string }) {
  const roster = useTournamentRoster(tournamentId);
  const [pasted, setPasted] = useState(NOTHING_PASTED);
  const rules = usePreviewRules(pasted);
  const preview = useMemo(() => (roster && rules ? rules.previewTeams(pasted, roster) : null), [pasted, roster, rules]);
  const { busy, error, run } = useServerAction();
  const refreshRoster = useRefreshRoster();
  const refreshCatalog = useRefreshCatalog();

  const save = async () => {
    if (!preview || preview.toAdd.length === 0) return;
    const saved = await run(() => pasteTeams(tournamentId, preview.toAdd), ({ created, unchanged }) => MSG.bulkTeamsAdded(created.length, unchanged.length));
    if (!saved) return;
    setPasted(NOTHING_PASTED);
    await Promise.all([refreshRoster(tournamentId), refreshCatalog()]);
  };

  return (
    <BulkPastePanel
      title="Paste teams"
      {...TEAM_PASTE_TEXT}
      hint={`${TEAM_PASTE_TEXT.hint} A team the roster has already is left as it is.`}
      pasted={pasted}
      onPaste={setPasted}
      preview={preview}
      busy={busy}
      error={error}
      onSave={() => void save()}
    />
  );
}
