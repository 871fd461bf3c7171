// What each money change tells its user: one notice per cause, written in the change's own transaction
// (notifying-commit.ts).
import { payoutEntryId, prizeEntryId, refundEntryId, WELCOME_ENTRY_ID, withdrawalRefundEntryId } from '#functions/data/ledger.ts';
import type * as notifications from '#functions/data/notifications.ts';
import { formatRupees } from '#shared/money.ts';

export type Notice = notifications.NewNotification;

/**
 * The notices, one per cause. The cause id repeats the change's ledger entry id where there is one;
 * the change's own condition (that entry, the bet's or withdrawal's state) keeps a retry from
 * writing a notice twice.
 */
export const notices = {
  welcome: (userId: string, coins: number, createdAt: string): Notice => ({
    userId,
    causeId: WELCOME_ENTRY_ID,
    subject: 'Welcome bonus',
    description: `${coins} coins were added to your wallet. Good luck!`,
    createdAt,
  }),
  betWon: (userId: string, eventId: string, teamName: string, payout: number, createdAt: string): Notice => ({
    userId,
    causeId: payoutEntryId(eventId),
    subject: 'You won your bet!',
    description: `${teamName} won. ${payout} coins were added to your wallet.`,
    createdAt,
  }),
  betLost: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: `lost#${eventId}`,
    subject: 'Bet lost',
    description: `${teamName} did not win; your ${stake} coins bet is lost. Better luck next time!`,
    createdAt,
  }),
  eventVoided: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Event cancelled: stake refunded',
    description: `The event of your bet on ${teamName} was voided. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  lineupChangedRefund: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Match changed: stake refunded',
    description: `The teams of the match of your bet on ${teamName} were changed after you bet. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  lateBetRefunded: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Bet refunded: betting had closed',
    description: `Betting closed as your bet on ${teamName} arrived, so it was not placed. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  prizeCredited: (userId: string, creditId: string, amounts: { coins: number; cashPaise: number }, reason: string, createdAt: string): Notice => ({
    userId,
    causeId: prizeEntryId(creditId),
    subject: 'Prize credited',
    description: `${[amounts.cashPaise > 0 && formatRupees(amounts.cashPaise), amounts.coins > 0 && `${amounts.coins} coins`].filter(Boolean).join(' and ')} credited to your wallet: ${reason}`,
    createdAt,
  }),
  withdrawalPaid: (userId: string, withdrawalId: string, amountPaise: number, upiId: string, reference: string, createdAt: string): Notice => ({
    userId,
    causeId: `withdrawal-paid#${withdrawalId}`,
    subject: 'Withdrawal paid',
    description: `${formatRupees(amountPaise)} was sent to ${upiId}. Payment reference: ${reference}`,
    createdAt,
  }),
  withdrawalRejected: (userId: string, withdrawalId: string, amountPaise: number, reason: string, createdAt: string): Notice => ({
    userId,
    causeId: withdrawalRefundEntryId(withdrawalId),
    subject: 'Withdrawal rejected',
    description: `${formatRupees(amountPaise)} was returned to your wallet. Reason: ${reason}`,
    createdAt,
  }),
};
