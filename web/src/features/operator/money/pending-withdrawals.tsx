// The count of withdrawal requests waiting to be paid, for the console's Withdrawals tab (operator-page.tsx):
// its own chunk, loaded after the console's first paint, so the count adds nothing to a first visit's
// JavaScript. It renders nothing itself: it hands the count up as it changes.
import { useEffect } from 'react';
import { usePendingWithdrawalCount } from './api/get-withdrawals.ts';

export type PendingCount = { count: number; atLeast: boolean };

export function PendingWithdrawals({ onCount }: { onCount: (pending: PendingCount | undefined) => void }) {
  const pending = usePendingWithdrawalCount(true);
  const count = pending?.count;
  const atLeast = pending?.atLeast;
  useEffect(() => {
    onCount(count === undefined ? undefined : { count, atLeast: atLeast === true });
  }, [count, atLeast, onCount]);
  return null;
}
