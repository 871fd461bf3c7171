import { useState } from 'react';
import { TOURNAMENT_TITLE_MAX_LENGTH } from '#shared/constants.ts';
import { DEFAULT_SPORT } from '#shared/sports.ts';
import { TextField } from '../../../components/text-field.tsx';
import { type SavedSport, type SportDraft, sportInput } from './sport-draft.ts';
import { SportFields } from './sport-fields.tsx';

export interface TournamentDraft extends SportDraft {
  title: string;
  previewImg: string;
}

export const emptyTournamentDraft: TournamentDraft = { title: '', previewImg: '', sport: DEFAULT_SPORT, points: null };

/** The draft as the API takes it: an empty image field sends no image; the sport and points as sport-draft.ts says. */
export const tournamentInput = (draft: TournamentDraft, saved?: SavedSport) => ({
  title: draft.title,
  previewImg: draft.previewImg.trim() || undefined,
  ...sportInput(draft, saved),
});

/** Title, sport and points, and preview image URL, with the image shown as it will appear on the home card. */
export function TournamentFields({ draft, saved, onChange }: { draft: TournamentDraft; saved?: SavedSport; onChange: (draft: TournamentDraft) => void }) {
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const image = draft.previewImg.trim();
  return (
    <>
      <TextField
        label="Title"
        name="title"
        maxLength={TOURNAMENT_TITLE_MAX_LENGTH}
        value={draft.title}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
      />
      <SportFields draft={draft} saved={saved} onChange={onChange} />
      <TextField
        label="Preview image URL"
        name="previewImg"
        type="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://…"
        value={draft.previewImg}
        onChange={(e) => onChange({ ...draft, previewImg: e.target.value })}
        hint="An https:// address, or /demo/cricket.svg or /demo/football.svg."
      />
      {image && image !== brokenImage && (
        <img className="operator-preview" src={image} alt="Preview of the tournament image" onError={() => setBrokenImage(image)} />
      )}
    </>
  );
}
