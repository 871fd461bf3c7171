// The prize credit dialog: its own chunk, loaded when the page is idle or at the first "Credit prize"
// (users-page.tsx). Two steps: the amounts and reason, then a confirmation that repeats who gets how much
// ('Credit ₹500 to Ananya Rao?') before anything is sent.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { AdminUser } from '#shared/api.ts';
import { REASON_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { DialogForm } from '../action-dialog.tsx';
import { creditUser } from './api/credit-user.ts';
import { userSearchKey } from '../people/api/find-users.ts';
import { prizeAmountText } from './amounts.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

interface CreditDraft {
  cash: string;
  coins: string;
  reason: string;
  /** One id per opened dialog: a retried or double-tapped submit credits once. */
  creditId: string;
}

const emptyCredit: CreditDraft = { cash: '', coins: '', reason: '', creditId: '' };

/** An empty amount field sends nothing; the server checks the rest (paise, limits). */
const amount = (text: string) => (text.trim() === '' ? undefined : Number(text));
const positive = (value: number | undefined) => (value !== undefined && Number.isFinite(value) && value > 0 ? value : 0);

export function CreditDialog({ user, query, onClose }: { user: AdminUser | null; query: string; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(user, () => ({ ...emptyCredit, creditId: crypto.randomUUID() }), emptyCredit);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { busy, error, close, submit } = useDialogAction(() => {
    setConfirming(false);
    setRefusal(null);
    onClose();
  });
  const { mutate } = useSWRConfig();
  const prize = { cash: amount(draft.cash), coins: amount(draft.coins), reason: draft.reason, creditId: draft.creditId };
  const summary = prizeAmountText({ cash: positive(prize.cash), coins: positive(prize.coins) });
  // The first step checks what the confirmation needs (an amount, a reason); the server checks the rest.
  const review = () => {
    const missing = !summary ? MSG.creditAmountRequired : draft.reason.trim() === '' ? MSG.reasonRequired : null;
    setRefusal(missing);
    if (!missing) setConfirming(true);
  };
  const credit = () => {
    if (!user) return;
    void submit(() => creditUser(user._id, prize), `Prize credited to ${user.userName}`, () => mutate(userSearchKey(query)));
  };
  const edit = (change: Partial<CreditDraft>) => {
    setRefusal(null);
    setDraft({ ...draft, ...change });
  };
  return (
    <Dialog
      open={user !== null}
      title="Credit a prize"
      description={user && (confirming ? `Credit ${summary} to ${user.userName}?` : `${user.userName} (${user.email}) is notified with the reason.`)}
      onClose={close}
    >
      {confirming && user ? (
        <DialogForm submitLabel={`Yes, credit ${summary}`} busy={busy} error={error} dismissLabel="Back" onDismiss={() => setConfirming(false)} onSubmit={credit}>
          <dl className="credit-summary">
            <div>
              <dt>To</dt>
              <dd>
                {user.userName} <span className="operator-row-meta">{user.email}</span>
              </dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>{summary}</dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>{draft.reason.trim()}</dd>
            </div>
          </dl>
        </DialogForm>
      ) : (
        <DialogForm submitLabel="Credit prize" busy={false} error={refusal} dismissLabel="Cancel" onDismiss={close} onSubmit={review}>
          <div className="operator-pair">
            <TextField label="Rupees" name="cash" type="number" inputMode="decimal" min={0} step={0.01} value={draft.cash} onChange={(e) => edit({ cash: e.target.value })} />
            <TextField label="Coins" name="coins" type="number" inputMode="numeric" min={0} step={1} value={draft.coins} onChange={(e) => edit({ coins: e.target.value })} />
          </div>
          <TextField label="Reason" name="reason" maxLength={REASON_MAX_LENGTH} value={draft.reason} onChange={(e) => edit({ reason: e.target.value })} placeholder="Winner of the Campus Sixes Cup" />
        </DialogForm>
      )}
    </Dialog>
  );
}
