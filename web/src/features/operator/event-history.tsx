// The event's History in the console: who created, paused, reopened, re-timed, decided, voided or
// corrected it and when, read from its audit trail when opened. The list's code comes with it (the
// console's pages stay under the first-visit budget, issue 13 §1).
import { lazy, Suspense, useState } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { LoadingBlock } from '../../components/spinner.tsx';

const HistoryList = lazy(() =>
  import('./event-history-list.tsx').then(
    (m) => ({ default: m.HistoryList }),
    // The code did not arrive: said as when the entries do not (the page stays up).
    () => ({ default: () => <p className="muted">The history could not be loaded.</p> }),
  ),
);

export function EventHistory({ event }: { event: GameEvent }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="event-history-box" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>History</summary>
      {open && (
        <Suspense fallback={<LoadingBlock label="Loading history" />}>
          <HistoryList event={event} />
        </Suspense>
      )}
    </details>
  );
}
