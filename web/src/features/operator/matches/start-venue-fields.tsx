// A match's start (in the device's zone) and venue, as the match dialogs edit them.
import { useState } from 'react';
import { VENUE_MAX_LENGTH } from '#shared/constants.ts';
import { formatZoneName } from '#shared/format.ts';
import { TextField } from '../../../components/text-field.tsx';
import type { MatchDraft } from '../catalog-forms.ts';

export function StartAndVenueFields({ draft, onChange }: { draft: MatchDraft; onChange: (draft: MatchDraft) => void }) {
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  return (
    <>
      <TextField label={`Starts at (${zoneName})`} name="time" type="datetime-local" value={draft.start} onChange={(e) => onChange({ ...draft, start: e.target.value })} />
      <TextField label="Venue (optional)" name="venue" value={draft.venue} maxLength={VENUE_MAX_LENGTH} onChange={(e) => onChange({ ...draft, venue: e.target.value })} />
    </>
  );
}
