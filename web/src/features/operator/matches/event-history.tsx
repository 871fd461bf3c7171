// The event's History in the console: who created, paused, reopened, re-timed, decided, voided or
// corrected it and when, read from its audit trail when opened. The list's code comes with it (the
// console's pages stay under the first-visit budget, docs/benchmarks.md).
import { lazy, Suspense, useState } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { LoadingBlock } from '../../../components/spinner.tsx';

const HistoryList = lazy(() =>
  import('./event-history-list.tsx').then(
    (m) => ({ default: m.HistoryList }),
    // The code did not arrive: said as when the entries do not (the page stays up).
    () => ({ default: () => <p className="muted">The history could not be loaded.</p> }),
  ),
);

/**
 * The histories open in this tab: one stays open when its match is drawn again elsewhere, as when a
 * window is widened past a phone's width and the cards give way to the laptop's table.
 */
const openHistories = new Set<string>();

export function EventHistory({ event }: { event: GameEvent }) {
  const [open, setOpen] = useState(() => openHistories.has(event._id));
  const toggle = (isOpen: boolean) => {
    if (isOpen) openHistories.add(event._id);
    else openHistories.delete(event._id);
    setOpen(isOpen);
  };
  return (
    <details className="event-history-box" open={open} onToggle={(e) => toggle(e.currentTarget.open)}>
      <summary>History</summary>
      {open && (
        <Suspense fallback={<LoadingBlock label="Loading history" />}>
          <HistoryList event={event} />
        </Suspense>
      )}
    </details>
  );
}
