import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { TabLinks } from '../../components/tab-links.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useSession, useTabName } from '../../lib/session/session-context.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import type { PendingCount } from './money/pending-withdrawals.tsx';
import { SelectField } from '../../components/text-field.tsx';
import { lastChosenTournamentId, type ConsoleTournament } from './console-scope.ts';
import './operator.css';

/**
 * The console's sections; organisers get the first four (prizes and withdrawals stay with operators). A
 * tournament's sections open inside the tournament worked on.
 */
const SECTIONS = [
  { to: PATHS.operatorTournaments, label: 'Tournaments', operatorOnly: false, inTournament: false },
  { to: PATHS.operatorTeams, label: 'Teams', operatorOnly: false, inTournament: true },
  { to: PATHS.operatorFixtures, label: 'Fixtures', operatorOnly: false, inTournament: true },
  { to: PATHS.operatorEvents, label: 'Events', operatorOnly: false, inTournament: true },
  { to: PATHS.operatorUsers, label: 'Users', operatorOnly: true, inTournament: false },
  { to: PATHS.operatorWithdrawals, label: 'Withdrawals', operatorOnly: true, inTournament: false },
] as const;

const pendingWithdrawals = onDemand(() => import('./money/pending-withdrawals.tsx'));
const noop = () => {};

/**
 * The frame of every console screen: the section tabs, then the screen's title and content. A `wide`
 * screen (tables, the fixtures planner) uses a laptop's width; the others keep one readable column.
 */
export function OperatorPage({
  title,
  subtitle,
  wide = false,
  scope,
  children,
}: {
  title: string;
  subtitle: string;
  wide?: boolean;
  /** A tournament's screen: it says which tournament it works inside, and offers the others. */
  scope?: ConsoleTournament;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const chosen = scope?.tournament?._id ?? lastChosenTournamentId();
  const isOperator = useSession().currentUser?.role === 'operator';
  useTabName(isOperator ? 'Operator' : 'Organiser');
  // New work: the requests waiting to be paid, on the Withdrawals tab (counted by a chunk loaded after the first paint).
  const [pending, setPending] = useState<PendingCount>();
  const PendingWithdrawals = pendingWithdrawals.useModule(isOperator, noop)?.PendingWithdrawals;
  const countOf = (to: string) =>
    to === PATHS.operatorWithdrawals && pending?.count ? { count: pending.count, countLabel: `${pending.count}${pending.atLeast ? ' or more' : ''} pending` } : {};
  const tabs = SECTIONS.filter((section) => isOperator || !section.operatorOnly).map(({ to, label, inTournament }) => ({
    to: inTournament && chosen ? `${to}?${new URLSearchParams({ tournamentId: chosen })}` : to,
    label,
    isCurrent: pathname === to || pathname.startsWith(`${to}/`),
    ...countOf(to),
  }));
  return (
    <div className={wide ? 'page operator-page operator-wide' : 'page page-narrow operator-page'}>
      <TabLinks label={isOperator ? 'Operator console' : 'Organiser console'} replace={false} wrap tabs={tabs} />
      {PendingWithdrawals && <PendingWithdrawals onCount={setPending} />}
      <h1 className="page-title">{scope?.tournament ? `${title} · ${scope.tournament.title}` : title}</h1>
      <p className="page-subtitle">{subtitle}</p>
      {scope?.tournaments && scope.tournaments.length > 1 && scope.tournament && (
        <SelectField label="Tournament" className="console-tournament" value={scope.tournament._id} onChange={(e) => scope.choose(e.target.value)}>
          {scope.tournaments.map((tournament) => (
            <option key={tournament._id} value={tournament._id}>
              {tournament.title}
            </option>
          ))}
        </SelectField>
      )}
      <div className="operator-content">{children}</div>
    </div>
  );
}
