// A referee's result waiting on a match (sent through a scorer link): what they sent, who sent it and when
// it stands by itself, with one tap each to confirm it, correct it (the result dialog, filled in with it)
// or dispute it (it then waits for the organiser's own result, entered with the usual buttons).
import { useState } from 'react';
import type { GameEvent, ProvisionalResult } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { SportRules } from '#shared/sports.ts';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { confirmProvisional, disputeProvisional } from './api/provisional.ts';
import type { EventDecision } from './event-decision-dialog.tsx';
import { pendingLine } from './event-state.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useServerAction } from '../use-server-action.ts';

export function PendingLine({ event, provisional, rules }: { event: GameEvent; provisional: ProvisionalResult | undefined; rules: SportRules }) {
  return <span className={provisional?.disputed ? 'operator-row-meta operator-pending operator-disputed' : 'operator-row-meta operator-pending'}>{pendingLine(event, provisional, rules.scoreUnit)}</span>;
}

export function PendingActions({ event, provisional, onDecide }: { event: GameEvent; provisional: ProvisionalResult | undefined; onDecide: (decision: EventDecision) => void }) {
  const { busy, error, run } = useServerAction();
  const [doing, setDoing] = useState<'confirm' | 'dispute' | null>(null);
  const refreshCatalog = useRefreshCatalog();
  const act = async (what: 'confirm' | 'dispute') => {
    setDoing(what);
    const done = await run<unknown>(() => (what === 'confirm' ? confirmProvisional(event._id) : disputeProvisional(event._id)), what === 'confirm' ? MSG.provisionalConfirmed : MSG.provisionalDisputed);
    setDoing(null);
    // Decided or changed meanwhile (the server said so): the list shows what it is now either way.
    void refreshCatalog().catch(() => {});
    return done;
  };
  // Until the detail is read, the live score the referee left is what the dialog starts from.
  const correct = () => onDecide(provisional ? { kind: 'winner', event, from: provisional } : { kind: 'winner', event, ...(event.liveScore && { score: event.liveScore }) });
  return (
    <>
      <div className="operator-actions">
        <Button className="btn-small" busy={busy && doing === 'confirm'} disabled={busy} onClick={() => void act('confirm')}>
          Confirm
        </Button>
        <Button variant="secondary" className="btn-small" disabled={busy} onClick={correct}>
          Correct
        </Button>
        <Button variant="secondary" className="btn-small operator-danger" busy={busy && doing === 'dispute'} disabled={busy} onClick={() => void act('dispute')}>
          Dispute
        </Button>
      </div>
      <FormError message={error} />
    </>
  );
}
