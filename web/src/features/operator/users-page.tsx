import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { AdminUser } from '#shared/api.ts';
import { REASON_MAX_LENGTH, USER_SEARCH_MAX_LENGTH } from '#shared/constants.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CoinIcon, RupeeIcon, UserIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { formatCount, formatRupees } from '../../lib/format-number.ts';
import { ActionDialog } from './action-dialog.tsx';
import { creditUser } from './api/credit-user.ts';
import { userSearchKey, useUserSearch } from './api/find-users.ts';
import { OperatorPage } from './operator-page.tsx';
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

function CreditDialog({ user, query, onClose }: { user: AdminUser | null; query: string; onClose: () => void }) {
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

function SearchResults({ query, onCredit }: { query: string; onCredit: (user: AdminUser) => void }) {
  const { data: users, error, isLoading } = useUserSearch(query);
  if (!query) return <EmptyState icon={<UserIcon size={28} />} title="Find a user by email or name" />;
  if (error) return <FormError message={serverErrorMessage(error, {})} />;
  if (isLoading || !users) return <LoadingBlock label="Searching users" />;
  if (users.length === 0) return <EmptyState icon={<UserIcon size={28} />} title="No users found" />;
  return (
    <ul className="operator-list">
      {users.map((user) => (
        <li key={user._id} className="operator-row">
          <div className="operator-row-main">
            <h3 className="operator-row-title">
              {user.userName}
              {user.role === 'operator' && <span className="operator-row-tag">Operator</span>}
            </h3>
            <p className="operator-row-meta">{user.email}</p>
            <p className="operator-row-amounts">
              <span>
                <CoinIcon size={16} /> {formatCount(user.coins)}
                <span className="visually-hidden"> coins</span>
              </span>
              <span>
                <RupeeIcon size={16} />
                <span className="visually-hidden">Rupees </span>
                {formatRupees(user.cash)}
              </span>
            </p>
          </div>
          <div className="operator-actions">
            <Button variant="secondary" className="btn-small" onClick={() => onCredit(user)} aria-label={`Credit a prize to ${user.userName}`}>
              Credit prize
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function OperatorUsersPage() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [crediting, setCrediting] = useState<AdminUser | null>(null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <OperatorPage title="Users" subtitle="Find a user to credit a prize in rupees (withdrawable by UPI) or coins.">
      <form className="card operator-search" role="search" onSubmit={search}>
        <TextField
          label="Email or name"
          name="query"
          type="search"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USER_SEARCH_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <section className="card" aria-label="Users found">
        <SearchResults query={query} onCredit={setCrediting} />
      </section>
      <CreditDialog user={crediting} query={query} onClose={() => setCrediting(null)} />
    </OperatorPage>
  );
}
