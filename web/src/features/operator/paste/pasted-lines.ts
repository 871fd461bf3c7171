// What the organiser pasted into a bulk entry (or chose as a CSV file), and the rules that preview it. The
// rules (bulk-preview.ts: shared/bulk-entry.ts with csv-parse and the zod schemas, ~45 KB gzip) are not
// needed to show the Teams, Events or setup screens (the first-visit budget, docs/benchmarks.md): they load once
// something is pasted or uploaded, or earlier when the organiser reaches for the paste box.
import { useState } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import type { PastedText } from './bulk-preview.ts';

export const NOTHING_PASTED: PastedText = { text: '', csvName: null };

/** The team paste's words, the same on the Teams screen and in the guided setup. */
export const TEAM_PASTE_TEXT = {
  label: 'Teams, one a line',
  placeholder: 'Tapti: Asha, Ravi, Meera\nNarmada: John, Ira',
  hint: "The team's name, a colon, then its members separated by commas. Or upload a CSV: a team a row, its members in the next columns.",
  noun: ['team', 'teams'] as [string, string],
};

/** The preview's rules, in their own chunk. */
export const previewRules = onDemand(() => import('./bulk-preview.ts'));

/** Starts loading the rules ahead of the paste (a press or focus in the paste box). */
export const preloadPreviewRules = () => void previewRules.preload().catch(() => {});

/**
 * The preview's rules once they have arrived, asked for as soon as something is pasted. A failed load
 * shows the error toast; the next change to the paste tries again.
 */
export function usePreviewRules(pasted: PastedText) {
  const [failedFor, setFailedFor] = useState<PastedText | null>(null);
  return previewRules.useModule(pasted.text !== '' && failedFor !== pasted, () => setFailedFor(pasted));
}
