import { useState } from 'react';
import { TOURNAMENT_TITLE_MAX_LENGTH } from '#shared/constants.ts';
import { TextField } from '../../../components/text-field.tsx';

export interface TournamentDraft {
  title: string;
  previewImg: string;
}

export const emptyTournamentDraft: TournamentDraft = { title: '', previewImg: '' };

/** The draft as the API takes it: an empty image field sends no image. */
export const tournamentInput = ({ title, previewImg }: TournamentDraft) => ({ title, previewImg: previewImg.trim() || undefined });

/** Title and preview image URL, with the image shown as it will appear on the home card. */
export function TournamentFields({ draft, onChange }: { draft: TournamentDraft; onChange: (draft: TournamentDraft) => void }) {
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
