// Taking back a prize credited by mistake (POST /admin/users/{id}/prizes/{creditId}/reversal): its own
// chunk, opened from the prizes on a person's page. It repeats who and how much, asks why (the user is
// told, and the reversal keeps it), and says what happens to what was already spent or withdrawn.
import { useSWRConfig } from 'swr';
import type { AdminPrize, PrizeReversal } from '#shared/api.ts';
import { REASON_MAX_LENGTH } from '#shared/constants.ts';
import { TextField } from '../../../components/text-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { reversePrize } from './api/reverse-prize.ts';
import { prizeAmountText } from './amounts.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

export interface PrizeToReverse {
  userId: string;
  userName: string;
  prize: Pick<AdminPrize, 'creditId' | 'cash' | 'coins' | 'reason'>;
}

/** The toast once done: what was taken, and what is owed when part of it was already used. */
const reversedMessage = (userName: string, { owed }: PrizeReversal) => {
  const debt = prizeAmountText(owed);
  return debt ? `Prize reversed. ${userName} had already used ${debt}; their next prize pays it back first` : `Prize reversed: taken back from ${userName}`;
};

/** Refreshes what shows the user's money once done (`isAffectedKey`: the person page's SWR keys). */
export function ReversePrizeDialog({ target, isAffectedKey, onClose }: { target: PrizeToReverse | null; isAffectedKey: (key: unknown) => boolean; onClose: () => void }) {
  // A fresh reason for each prize opened.
  const [reason, setReason] = useEditDraft(target && { _id: target.prize.creditId }, () => '', '');
  const { busy, error, close, submit } = useDialogAction(onClose);
  const { mutate } = useSWRConfig();
  const reverse = () => {
    if (!target) return;
    void submit(
      () => reversePrize(target.userId, target.prize.creditId, reason),
      (answer) => reversedMessage(target.userName, answer),
      () => mutate(isAffectedKey),
    );
  };
  return (
    <ActionDialog
      open={target !== null}
      title="Reverse this prize?"
      description={
        target &&
        `Take back ${prizeAmountText(target.prize)} credited to ${target.userName} (${target.prize.reason}). Whatever of it they have already spent or withdrawn is not taken below zero: it is owed, and their next prize pays it back first. They are told why.`
      }
      submitLabel="Reverse prize"
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={reverse}
    >
      <TextField label="Why is it reversed?" name="reason" maxLength={REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Credited to the wrong student" />
    </ActionDialog>
  );
}
