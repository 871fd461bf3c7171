import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminUser } from '#shared/api.ts';
import { USER_SEARCH_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Link } from '../../../components/link.tsx';
import { CoinIcon, RupeeIcon, UserIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { serverErrorMessage } from '../../../lib/error-message.ts';
import { formatCount, formatRupees } from '../../../lib/format-number.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { operatorPersonPath } from '../../../lib/paths.ts';
import { useUserSearch } from './api/find-users.ts';
import { setTournamentCreator } from '../tournaments/api/tournament-creator.ts';
import { OperatorPage } from '../operator-page.tsx';
import { useServerAction } from '../use-server-action.ts';

// Opens only on a click: its chunk loads once the page is idle, or at the first "Credit prize".
const creditDialog = onDemand(() => import('../money/credit-dialog.tsx'));

/** Lets the user create tournaments (they become each one's organiser), or stops it; theirs stay theirs. */
function TournamentCreatorButton({ user, query }: { user: AdminUser; query: string }) {
  const { busy, error, run } = useServerAction();
  const allowed = user.mayCreateTournaments;
  return (
    <>
      <Button
        variant="secondary"
        className="btn-small"
        disabled={busy}
        onClick={() => void run(() => setTournamentCreator(user._id, !allowed, query), allowed ? MSG.tournamentCreatorRevoked : MSG.tournamentCreatorAllowed)}
        aria-label={allowed ? `Stop ${user.userName} creating tournaments` : `Let ${user.userName} create tournaments`}
      >
        {allowed ? 'Stop creating' : 'Allow creating'}
      </Button>
      {error && <FormError message={error} />}
    </>
  );
}

function SearchResults({ query, onCredit }: { query: string; onCredit: (user: AdminUser) => void }) {
  const { data: users, error, isLoading } = useUserSearch(query);
  if (!query) {
    return (
      <EmptyState icon={<UserIcon size={28} />} title="Find a user by email or name">
        <p>Any part of it, in any case: ‘rao’ finds Ananya Rao, ‘ananya@’ her email.</p>
      </EmptyState>
    );
  }
  if (error) return <FormError message={serverErrorMessage(error, {})} />;
  if (isLoading || !users) return <LoadingBlock label="Searching users" />;
  if (users.length === 0) {
    return (
      <EmptyState icon={<UserIcon size={28} />} title="No users found">
        <p>Nobody’s name or email contains ‘{query}’. One or two letters match only the start of a name or email.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="operator-list">
      {users.map((user) => (
        <li key={user._id} className="operator-row">
          <div className="operator-row-main">
            <h3 className="operator-row-title">
              <Link to={operatorPersonPath(user._id)} state={{ query }} className="operator-person-link">
                {user.userName}
              </Link>
              {user.role === 'operator' && <span className="operator-row-tag">Operator</span>}
              {user.mayCreateTournaments && user.role !== 'operator' && <span className="operator-row-tag">Creates tournaments</span>}
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
            {user.role !== 'operator' && <TournamentCreatorButton user={user} query={query} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function OperatorUsersPage() {
  // The query lives in the address: Back from a person's page returns to the same results.
  const [params, setParams] = useSearchParams();
  const query = params.get('query')?.trim() ?? '';
  const [text, setText] = useState(query);
  const [crediting, setCrediting] = useState<AdminUser | null>(null);
  creditDialog.usePreloadWhenIdle();
  const CreditDialog = creditDialog.useModule(crediting !== null, () => setCrediting(null))?.CreditDialog;
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { query: next } : {}, { replace: true });
  };
  return (
    <OperatorPage title="Users" subtitle="Find anyone by any part of their name or email. Open their page for the wallet and its history, or credit a prize in rupees (withdrawable by UPI) or coins.">
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
      {CreditDialog && <CreditDialog user={crediting} query={query} onClose={() => setCrediting(null)} />}
    </OperatorPage>
  );
}
