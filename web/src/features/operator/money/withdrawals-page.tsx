import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import type { AdminWithdrawal, WithdrawalStatus } from '#shared/api.ts';
import { WITHDRAWAL_STATUSES } from '#shared/constants.ts';
import { formatDateTime } from '#shared/format.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DocumentIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { TabLinks } from '../../../components/tab-links.tsx';
import { formatRupees } from '../../../lib/format-number.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { operatorWithdrawalsPath } from '../../../lib/paths.ts';
import { queryChoice } from '../../../lib/query-choice.ts';
import { useWithdrawals } from './api/get-withdrawals.ts';
import { OperatorPage } from '../operator-page.tsx';
import { PayWithdrawal } from './pay-withdrawal.tsx';
import type { WithdrawalDecision } from './withdrawal-decision-dialog.tsx';
import { WITHDRAWAL_STATUS_LABELS } from './withdrawal-status.ts';

// Opens only on a click: its chunk loads once the page is idle, or at the first "Mark paid" or "Reject".
const decisionDialog = onDemand(() => import('./withdrawal-decision-dialog.tsx'));

const when = (iso: string) => formatDateTime(iso);

function WithdrawalRow({ withdrawal, onDecide }: { withdrawal: AdminWithdrawal; onDecide: (decision: WithdrawalDecision) => void }) {
  return (
    <li className="operator-row">
      <div className="operator-row-main">
        <h3 className="operator-row-title">
          ₹{formatRupees(withdrawal.amount)} <span className="operator-row-tag">{withdrawal.userName}</span>
        </h3>
        <p className="operator-row-meta">
          {withdrawal.email} · UPI <span className="operator-code">{withdrawal.upiId}</span>
        </p>
        <p className="operator-row-meta">Requested {when(withdrawal.createdAt)}</p>
        {withdrawal.decidedAt && (
          <p className="operator-row-meta">
            {WITHDRAWAL_STATUS_LABELS[withdrawal.status]} {when(withdrawal.decidedAt)}
            {withdrawal.reference && (
              <>
                {' '}
                · Ref <span className="operator-code">{withdrawal.reference}</span>
              </>
            )}
            {withdrawal.reason && <> · {withdrawal.reason}</>}
          </p>
        )}
      </div>
      {withdrawal.status === 'pending' && <PayWithdrawal withdrawal={withdrawal} />}
      {withdrawal.status === 'pending' && (
        <div className="operator-actions">
          <Button className="btn-small" onClick={() => onDecide({ status: 'paid', withdrawal })} aria-label={`Mark ${withdrawal.userName}'s withdrawal paid`}>
            Mark paid
          </Button>
          <Button variant="secondary" className="btn-small operator-danger" onClick={() => onDecide({ status: 'rejected', withdrawal })} aria-label={`Reject ${withdrawal.userName}'s withdrawal`}>
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}

function WithdrawalList({ status }: { status: WithdrawalStatus }) {
  const { data: withdrawals, error } = useWithdrawals(status);
  const [decision, setDecision] = useState<WithdrawalDecision | null>(null);
  decisionDialog.usePreloadWhenIdle();
  const WithdrawalDecisionDialog = decisionDialog.useModule(decision !== null, () => setDecision(null))?.WithdrawalDecisionDialog;
  if (!withdrawals && !error) return <LoadingBlock label="Loading withdrawals" />;
  return (
    <>
      {withdrawals?.length ? (
        <ul className="operator-list">
          {withdrawals.map((withdrawal) => (
            <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} onDecide={setDecision} />
          ))}
        </ul>
      ) : (
        <EmptyState icon={<DocumentIcon size={28} />} title={`No ${status} withdrawals`} />
      )}
      {WithdrawalDecisionDialog && <WithdrawalDecisionDialog decision={decision} onClose={() => setDecision(null)} />}
    </>
  );
}

export default function OperatorWithdrawalsPage() {
  const [params] = useSearchParams();
  const status = queryChoice(WITHDRAWAL_STATUSES, params.get('status'));
  if (!status) return <Navigate to={operatorWithdrawalsPath('pending')} replace />;
  return (
    <OperatorPage title="Withdrawals" subtitle="Pay each pending request in your UPI app, then mark it paid with its UTR; or reject it, which refunds the amount.">
      <TabLinks
        label="Withdrawal status"
        tabs={WITHDRAWAL_STATUSES.map((tab) => ({ to: operatorWithdrawalsPath(tab), label: WITHDRAWAL_STATUS_LABELS[tab], isCurrent: tab === status }))}
      />
      <section className="card" aria-label={`${WITHDRAWAL_STATUS_LABELS[status]} withdrawals`}>
        <WithdrawalList status={status} />
      </section>
    </OperatorPage>
  );
}
