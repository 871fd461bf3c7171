// A withdrawal's status as the console names it (the Withdrawals tabs, a person's page).
import type { WithdrawalStatus } from '#shared/api.ts';

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = { pending: 'Pending', paid: 'Paid', rejected: 'Rejected' };
