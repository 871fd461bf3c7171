// The prize credit dialog: its own chunk, loaded when the page is idle or at the first "Credit prize"
// (users-page.tsx).
import { useSWRConfig } from 'swr';
import type { AdminUser } from '#shared/api.ts';
import { REASON_MAX_LENGTH } from '#shared/constants.ts';
import { TextField } from '../../components/text-field.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { creditUser } from './api/credit-user.ts';
import { userSearchKey } from './api/find-users.ts';
import { useEditDraft } from './use-edit-draft.ts';
import { useDialogAction } from './use-server-action.ts';

interface CreditDraft {
  cash: string;
  coins: string;
  reason: string;
  /** One id per opened dialog: a retried or double-tapped submit credits once. */
  creditId: string;
}

const emptyCredit: CreditDraft = { cash: '', coins: '', reason: '', creditId: '' };

/** An empty amount field sends nothing; the server checks the rest (at least one above 0, paise, limits). */
const amount = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function CreditDialog({ user, query, onClose }: { user: AdminUser | null; query: string; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(user, () => ({ ...emptyCredit, creditId: crypto.randomUUID() }), emptyCredit);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const { mutate } = useSWRConfig();
  const credit = () => {
    if (!user) return;
    const prize = { cash: amount(draft.cash), coins: amount(draft.coins), reason: draft.reason, creditId: draft.creditId };
    void submit(() => creditUser(user._id, prize), `Prize credited to ${user.userName}`, () => mutate(userSearchKey(query)));
  };
  return (
    <ActionDialog
      open={user !== null}
      title="Credit a prize"
      description={user && `${user.userName} (${user.email}) is notified with the reason.`}
      submitLabel="Credit prize"
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={credit}
    >
      <div className="operator-pair">
        <TextField label="Rupees" name="cash" type="number" inputMode="decimal" min={0} step={0.01} value={draft.cash} onChange={(e) => setDraft({ ...draft, cash: e.target.value })} />
        <TextField label="Coins" name="coins" type="number" inputMode="numeric" min={0} step={1} value={draft.coins} onChange={(e) => setDraft({ ...draft, coins: e.target.value })} />
      </div>
      <TextField label="Reason" name="reason" maxLength={REASON_MAX_LENGTH} value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value })} placeholder="Winner of the Campus Sixes Cup" />
    </ActionDialog>
  );
}
