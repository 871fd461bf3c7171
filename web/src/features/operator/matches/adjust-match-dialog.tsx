// One match of the preview adjusted before publishing: moved to another slot, swapped with another
// match (they trade times and venues), or given a venue. Clashes it makes are listed, not refused.
import { matchLabel } from '#shared/match-names.ts';
import { useId } from 'react';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { sideName, slotTimes, type CalendarEdit, type ScheduledMatch } from '../fixtures/fixture-plan.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { whenText, type FixturePlan } from '../fixtures/use-fixture-plan.ts';

type Draft = { startsAt: string; swapWith: string; venue: string };
const EMPTY: Draft = { startsAt: '', swapWith: '', venue: '' };

export function AdjustMatchDialog({ plan, match, onClose }: { plan: FixturePlan; match: ScheduledMatch | null; onClose: () => void }) {
  const asItem = match && { ...match, _id: match.id };
  const [draft, setDraft] = useEditDraft(asItem, (item) => ({ startsAt: item.startsAt, swapWith: '', venue: item.venue ?? '' }), EMPTY);
  const venueListId = useId();
  const matches = plan.matches ?? [];
  const name = (m: ScheduledMatch) => `${sideName(m, 'home', plan.teamName)} v ${sideName(m, 'away', plan.teamName)}`;
  const taken = new Map<string, string[]>();
  for (const other of matches) taken.set(other.startsAt, [...(taken.get(other.startsAt) ?? []), name(other)]);
  const times = plan.settings ? slotTimes(plan.settings, matches) : [];
  // A time typed outside the slots (a moved match's) is offered too.
  if (match && !times.includes(match.startsAt)) times.push(match.startsAt);
  const others = [...matches].filter((other) => other.id !== match?.id).sort((a, b) => a.startsAt.localeCompare(b.startsAt));

  const apply = () => {
    if (!match) return;
    const edits: CalendarEdit[] = [];
    if (draft.swapWith) edits.push({ kind: 'swap', matchId: match.id, otherId: draft.swapWith });
    else if (draft.startsAt !== match.startsAt) edits.push({ kind: 'move', matchId: match.id, startsAt: draft.startsAt });
    if (draft.venue.trim() !== (match.venue ?? '')) edits.push({ kind: 'venue', matchId: match.id, venue: draft.venue });
    if (edits.length > 0) plan.edit(...edits);
    onClose();
  };

  return (
    <ActionDialog
      open={match !== null}
      title="Adjust match"
      description={match ? `${name(match)} · ${matchLabel(match.stage, match.id)}` : undefined}
      submitLabel="Apply"
      busy={false}
      error={null}
      onClose={onClose}
      onSubmit={apply}
    >
      <SelectField label="Time" value={draft.startsAt} disabled={draft.swapWith !== ''} onChange={(e) => setDraft({ ...draft, startsAt: e.target.value })}>
        {[...times]
          .sort()
          .map((time) => {
            const there = (taken.get(time) ?? []).filter((held) => !match || time !== match.startsAt || held !== name(match));
            return (
              <option key={time} value={time}>
                {whenText(time)}
                {there.length > 0 ? ` · ${there.join(', ')}` : ' · free'}
              </option>
            );
          })}
      </SelectField>
      <SelectField label="Or swap with" value={draft.swapWith} onChange={(e) => setDraft({ ...draft, swapWith: e.target.value })} hint="The two matches trade times and venues">
        <option value="">No swap</option>
        {others.map((other) => (
          <option key={other.id} value={other.id}>
            {whenText(other.startsAt)} · {name(other)}
          </option>
        ))}
      </SelectField>
      <TextField label="Venue" value={draft.venue} list={venueListId} onChange={(e) => setDraft({ ...draft, venue: e.target.value })} autoComplete="off" />
      <datalist id={venueListId}>
        {(plan.settings?.venues ?? []).map((venue) => (
          <option key={venue} value={venue} />
        ))}
      </datalist>
    </ActionDialog>
  );
}
