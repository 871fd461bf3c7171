import { type ReactNode, useState } from 'react';
import { Link } from '../../components/link.tsx';
import type { Withdrawal } from '#shared/api.ts';
import { formatDateTime } from '#shared/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CoinIcon, DocumentIcon, RupeeIcon } from '../../components/icons.tsx';
import { DailyCoinsCard } from '../../components/daily-coins-card.tsx';
import { Button } from '../../components/button.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { formatCount, formatRupees } from '../../lib/format-number.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { PATHS } from '../../lib/paths.ts';
import { useWallet } from '../../lib/wallet/get-wallet.ts';
import { useWithdrawHistory } from './api/get-withdraw-history.ts';
import { orderAnchor } from './coin-history-model.ts';
import './wallet.css';

function WalletStat({ label, icon, value }: { label: string; icon: ReactNode; value: string | undefined }) {
  return (
    <div className="wallet-stat">
      <dt>{label}</dt>
      <dd>
        {icon}
        {value ?? '–'}
      </dd>
    </div>
  );
}

function OrderRow({ order }: { order: Withdrawal }) {
  return (
    <li id={orderAnchor(order._id)}>
      <div className="rule-list-main">
        <span className="order-id">
          <span className="visually-hidden">Order id </span>
          {order._id}
        </span>
        <time className="rule-list-meta" dateTime={order.createdAt}>
          {formatDateTime(order.createdAt)}
        </time>
        {/* What a bank statement shows: the UPI id paid and, once paid, the UPI transaction reference. */}
        <span className="order-detail">
          To <span className="order-code">{order.upiId}</span>
        </span>
        {order.status === 'paid' && order.reference && (
          <span className="order-detail">
            UPI ref <span className="order-code">{order.reference}</span>
            {order.decidedAt && <> · paid {formatDateTime(order.decidedAt)}</>}
          </span>
        )}
        {order.status === 'rejected' && (
          <span className="order-detail">
            {order.reason ? `Not paid: ${order.reason}. ` : 'Not paid. '}The amount is back in your balance.
          </span>
        )}
      </div>
      <div className="order-side">
        <span className="order-amount">₹{formatRupees(order.amount)}</span>
        <span className={`status-chip status-${order.status}`}>{order.status}</span>
      </div>
    </li>
  );
}

// Below the balances, in its own chunk: the wallet's first paint does not wait for the table and chart.
const coinHistoryList = onDemand(() => import('./coin-history.tsx'));

function CoinHistory() {
  const [wanted, setWanted] = useState(true);
  const loaded = coinHistoryList.useModule(wanted, () => setWanted(false));
  return (
    <section className="card coin-history" aria-labelledby="coin-history">
      <h2 id="coin-history">Coin history</h2>
      {loaded ? (
        <loaded.CoinHistoryList />
      ) : wanted ? (
        <SkeletonList label="Loading coin history" rows={4} />
      ) : (
        <Button variant="secondary" onClick={() => setWanted(true)}>
          Try again
        </Button>
      )}
    </section>
  );
}

function OrderHistory() {
  const orders = useWithdrawHistory();
  return (
    <section className="card" aria-labelledby="order-history">
      <h2 id="order-history">Order history</h2>
      {orders === null ? (
        <SkeletonList label="Loading order history" rows={2} />
      ) : orders.length === 0 ? (
        <EmptyState icon={<DocumentIcon size={28} />} title="No history found">
          <p>Your withdrawal requests show up here.</p>
        </EmptyState>
      ) : (
        <ul className="rule-list">
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function WalletPage() {
  const { data: wallet } = useWallet();
  return (
    <div className="page page-narrow wallet-page">
      <header>
        <h1 className="page-title">Wallet</h1>
        <p className="page-subtitle">Coins are for betting; cash prizes can be withdrawn by UPI.</p>
      </header>
      <section className="card wallet-card" aria-label="Balances">
        <dl className="wallet-stats">
          <WalletStat label="Available coins" icon={<CoinIcon size={22} />} value={wallet && formatCount(wallet.totalCoins)} />
          <WalletStat label="Current balance" icon={<RupeeIcon size={22} />} value={wallet && formatRupees(wallet.totalCash)} />
          <WalletStat label="Total earnings" icon={<CoinIcon size={22} />} value={wallet && formatCount(wallet.totalEarnings)} />
        </dl>
        <Link to={PATHS.withdraw} className="btn btn-primary btn-block">
          Withdraw Money
        </Link>
      </section>
      <DailyCoinsCard allowance={wallet?.allowance} />
      <CoinHistory />
      <OrderHistory />
    </div>
  );
}
