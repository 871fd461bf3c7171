// Marking a withdrawal paid or rejecting it: one dialog in its own chunk, loaded when the page is idle
// or at the first of those buttons (withdrawals-page.tsx).
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { AdminWithdrawal } from '#shared/api.ts';
import { REASON_MAX_LENGTH, REFERENCE_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { TextField } from '../../../components/text-field.tsx';
import { formatRupees } from '../../../lib/format-number.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { decideWithdrawal } from './api/decide-withdrawal.ts';
import { isWithdrawalsKey } from './api/get-withdrawals.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

export type WithdrawalDecision = { status: 'paid' | 'rejected'; withdrawal: AdminWithdrawal };

export function WithdrawalDecisionDialog({ decision, onClose }: { decision: WithdrawalDecision | null; onClose: () => void }) {
  const [text, setText] = useEditDraft(decision?.withdrawal ?? null, () => '', '');
  // A payment marked paid without its UTR is told so beside the field, before anything is sent.
  const [missing, setMissing] = useState<string | null>(null);
  const { busy, error, close, submit } = useDialogAction(() => {
    setMissing(null);
    onClose();
  });
  const { mutate } = useSWRConfig();
  const paying = decision?.status !== 'rejected';
  const decide = () => {
    if (!decision) return;
    const { withdrawal, status } = decision;
    if (text.trim() === '') {
      setMissing(paying ? MSG.referenceRequired : MSG.reasonRequired);
      return;
    }
    const call = () => decideWithdrawal(withdrawal._id, status === 'paid' ? { status, reference: text } : { status, reason: text });
    void submit(call, status === 'paid' ? 'Marked paid' : 'Rejected; the amount is refunded', () => mutate(isWithdrawalsKey));
  };
  const withdrawal = decision?.withdrawal;
  return (
    <ActionDialog
      open={decision !== null}
      title={paying ? 'Mark as paid' : 'Reject withdrawal'}
      description={
        withdrawal &&
        (paying
          ? `Send ₹${formatRupees(withdrawal.amount)} to ${withdrawal.upiId} first, then enter the UPI transaction reference (UTR) from your UPI app's receipt. ${withdrawal.userName} sees it, to find the payment on their bank statement.`
          : `₹${formatRupees(withdrawal.amount)} goes back to ${withdrawal.userName}'s wallet, and they are told why.`)
      }
      submitLabel={paying ? 'Mark paid' : 'Reject'}
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={decide}
    >
      <TextField
        label={paying ? 'UPI transaction reference (UTR)' : 'Reason'}
        name={paying ? 'reference' : 'reason'}
        autoComplete="off"
        inputMode={paying ? 'numeric' : undefined}
        hint={paying ? 'Usually 12 digits, shown as UTR or UPI Ref No. in the payment receipt' : undefined}
        maxLength={paying ? REFERENCE_MAX_LENGTH : REASON_MAX_LENGTH}
        value={text}
        error={missing}
        onChange={(e) => {
          setMissing(null);
          setText(e.target.value);
        }}
      />
    </ActionDialog>
  );
}
