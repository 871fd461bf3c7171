import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { AdminWithdrawal, WithdrawalStatus } from '#shared/api.ts';
import { REASON_MAX_LENGTH, REFERENCE_MAX_LENGTH, WITHDRAWAL_STATUSES } from '#shared/constants.ts';
import { formatDate, formatTime } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { DocumentIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { TabLinks } from '../../components/tab-links.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formatRupees } from '../../lib/format-number.ts';
import { operatorWithdrawalsPath } from '../../lib/paths.ts';
import { queryChoice } from '../../lib/query-choice.ts';
import { ActionDialog } from './action-dialog.tsx';
import { decideWithdrawal } from './api/decide-withdrawal.ts';
import { isWithdrawalsKey, useWithdrawals } from './api/get-withdrawals.ts';
import { OperatorPage } from './operator-page.tsx';
import { useEditDraft } from './use-edit-draft.ts';
import { useDialogAction } from './use-server-action.ts';

const statusLabels: Record<WithdrawalStatus, string> = { pending: 'Pending', paid: 'Paid', rejected: 'Rejected' };

type Decision = { status: 'paid' | 'rejected'; withdrawal: AdminWithdrawal };

const when = (iso: string) => `${formatDate(iso)}, ${formatTime(iso)} UTC`;

function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const [text, setText] = useEditDraft(decision?.withdrawal ?? null, () => '', '');
  const { busy, error, close, submit } = useDialogAction(onClose);
  const { mutate } = useSWRConfig();
  const decide = () => {
    if (!decision) return;
    const { withdrawal, status } = decision;
    const call = () => decideWithdrawal(withdrawal._id, status === 'paid' ? { status, reference: text } : { status, reason: text });
    void submit(call, status === 'paid' ? 'Marked paid' : 'Rejected; the amount is refunded', () => mutate(isWithdrawalsKey));
  };
  const paying = decision?.status !== 'rejected';
  const withdrawal = decision?.withdrawal;
  return (
    <ActionDialog
      open={decision !== null}
      title={paying ? 'Mark as paid' : 'Reject withdrawal'}
      description={
        withdrawal &&
        (paying
          ? `Send ₹${formatRupees(withdrawal.amount)} to ${withdrawal.upiId} first, then record the UPI payment reference.`
          : `₹${formatRupees(withdrawal.amount)} goes back to ${withdrawal.userName}'s wallet, and they are told why.`)
      }
      submitLabel={paying ? 'Mark paid' : 'Reject'}
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={decide}
    >
      <TextField
        label={paying ? 'UPI payment reference' : 'Reason'}
        name={paying ? 'reference' : 'reason'}
        autoComplete="off"
        maxLength={paying ? REFERENCE_MAX_LENGTH : REASON_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </ActionDialog>
  );
}

function WithdrawalRow({ withdrawal, onDecide }: { withdrawal: AdminWithdrawal; onDecide: (decision: Decision) => void }) {
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
            {statusLabels[withdrawal.status]} {when(withdrawal.decidedAt)}
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
  const [decision, setDecision] = useState<Decision | null>(null);
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
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

export default function OperatorWithdrawalsPage() {
  const [params] = useSearchParams();
  const status = queryChoice(WITHDRAWAL_STATUSES, params.get('status'));
  if (!status) return <Navigate to={operatorWithdrawalsPath('pending')} replace />;
  return (
    <OperatorPage title="Withdrawals" subtitle="Pay each pending request by UPI, then mark it paid; or reject it, which refunds the amount.">
      <TabLinks
        label="Withdrawal status"
        tabs={WITHDRAWAL_STATUSES.map((tab) => ({ to: operatorWithdrawalsPath(tab), label: statusLabels[tab], isCurrent: tab === status }))}
      />
      <section className="card" aria-label={`${statusLabels[status]} withdrawals`}>
        <WithdrawalList status={status} />
      </section>
    </OperatorPage>
  );
}
