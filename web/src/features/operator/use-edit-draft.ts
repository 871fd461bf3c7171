import { useState } from 'react';

/**
 * The draft of an edit dialog: it starts from the saved values each time a different item is opened,
 * and keeps its text while the dialog fades out after closing (item back to null).
 */
export function useEditDraft<Item extends { _id: string }, Draft>(item: Item | null, toDraft: (item: Item) => Draft, empty: Draft) {
  const [draft, setDraft] = useState(empty);
  const [draftOf, setDraftOf] = useState<string | null>(null);
  if (item && item._id !== draftOf) {
    setDraftOf(item._id);
    setDraft(toDraft(item));
  }
  if (!item && draftOf !== null) setDraftOf(null);
  return [draft, setDraft] as const;
}
