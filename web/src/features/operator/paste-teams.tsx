// "Paste teams" on the Teams screen: a tournament's teams one a line (`Team name: member, member, …`) or
// from a CSV file, previewed line by line (once the preview's rules have loaded: pasted-lines.ts) and saved
// at once (POST /admin/tournaments/{id}/teams/bulk).
import { useMemo, useState } from 'react';
import { MSG } from '#shared/messages.ts';
import { SelectField } from '../../components/text-field.tsx';
import { pasteTeams } from './api/paste-teams.ts';
import { BulkPastePanel } from './bulk-paste-panel.tsx';
import { useConsoleScope } from './console-scope.ts';
import { NOTHING_PASTED, TEAM_PASTE_TEXT, usePreviewRules } from './pasted-lines.ts';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { useRefreshRoster, useTournamentRoster } from './roster.ts';
import { useServerAction } from './use-server-action.ts';

export function PasteTeams() {
  const { tournaments } = useConsoleScope();
  const [chosen, setChosen] = useState('');
  const tournamentId = chosen || (tournaments?.[0]?._id ?? '');
  const roster = useTournamentRoster(tournamentId || null);
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

  if (!tournaments || tournaments.length === 0) return null;
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
    >
      <SelectField label="Tournament" value={tournamentId} onChange={(e) => setChosen(e.target.value)}>
        {tournaments.map((tournament) => (
          <option key={tournament._id} value={tournament._id}>
            {tournament.title}
          </option>
        ))}
      </SelectField>
    </BulkPastePanel>
  );
}
