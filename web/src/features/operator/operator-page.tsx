import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { TabLinks } from '../../components/tab-links.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useTabName } from '../../lib/session/session-context.tsx';
import './operator.css';

const SECTIONS = [
  { to: PATHS.operatorTournaments, label: 'Tournaments' },
  { to: PATHS.operatorTeams, label: 'Teams' },
  { to: PATHS.operatorEvents, label: 'Events' },
  { to: PATHS.operatorUsers, label: 'Users' },
  { to: PATHS.operatorWithdrawals, label: 'Withdrawals' },
] as const;

/** The frame of every console screen: the section tabs, then the screen's title and content. */
export function OperatorPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { pathname } = useLocation();
  useTabName('Operator');
  return (
    <div className="page page-narrow operator-page">
      <TabLinks label="Operator console" replace={false} tabs={SECTIONS.map((section) => ({ ...section, isCurrent: pathname === section.to }))} />
      <h1 className="page-title">{title}</h1>
      <p className="page-subtitle">{subtitle}</p>
      <div className="operator-content">{children}</div>
    </div>
  );
}
