// What each money change tells its user: one notice per cause, written in the change's own transaction
// (notifying-commit.ts).
import { payoutEntryId, prizeEntryId, prizeReversalEntryId, refundEntryId, WELCOME_ENTRY_ID, withdrawalRefundEntryId } from '#functions/data/ledger.ts';
import type * as notifications from '#functions/data/notifications.ts';
import { formatRupees } from '#shared/money.ts';
import { MSG } from '#shared/messages.ts';
import { UNDERDOG_SHARE } from '#shared/constants.ts';

export type Notice = notifications.NewNotification;

type Amounts = { coins: number; cashPaise: number };
const NOTHING: Amounts = { coins: 0, cashPaise: 0 };
/** '₹500.00 and 100 coins', naming only what is above 0. */
const amountsText = ({ coins, cashPaise }: Amounts) =>
  [cashPaise > 0 && formatRupees(cashPaise), coins > 0 && `${coins} coin${coins === 1 ? '' : 's'}`].filter(Boolean).join(' and ');

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
  /** `bonus`: the underdog bonus paid beside the payout (0: none). */
  betWon: (userId: string, eventId: string, teamName: string, payout: number, createdAt: string, bonus = 0): Notice => ({
    userId,
    causeId: payoutEntryId(eventId),
    subject: 'You won your bet!',
    description:
      bonus > 0
        ? `${teamName} won. ${payout} coins were added to your wallet, plus a ${bonus}-coin underdog bonus: fewer than ${Math.round(UNDERDOG_SHARE * 100)}% of bettors backed them.`
        : `${teamName} won. ${payout} coins were added to your wallet.`,
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
  /** A knockout match voided because a correction of an earlier result changed who plays in it (not cancelled: replaced). */
  matchReplacedRefund: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string, replacement?: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Match replaced: stake refunded',
    description:
      `An earlier result was corrected, so the match of your bet on ${teamName} is played by other teams. Your ${stake} coins are back.` +
      (replacement ? ` It is replaced by ${replacement}.` : ''),
    createdAt,
  }),
  drawRefund: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string, score?: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Draw: stake returned',
    description: `The match of your bet on ${teamName} ended drawn${score ? ` ${score}` : ''}. Your ${stake} coins are back.`,
    createdAt,
  }),
  walkoverRefund: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string, backedTheWinner: boolean): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Walkover: stake returned',
    description: `${backedTheWinner ? `${teamName} won by walkover` : `${teamName} did not turn up`}, so the match of your bet was not played. Your ${stake} coins are back.`,
    createdAt,
  }),
  abandonedRefund: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Match abandoned: stake refunded',
    description: `The match of your bet on ${teamName} was abandoned. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  /** Not a money change: the bet stands. One per new time (a repeat of the same postponement writes nothing). */
  matchPostponed: (userId: string, eventId: string, teamName: string, newTime: string, createdAt: string): Notice => ({
    userId,
    causeId: `postponed#${eventId}#${newTime}`,
    subject: 'Match postponed',
    description: `The match of your bet on ${teamName} was postponed. Your bet stands; open the match to see its new time.`,
    createdAt,
  }),
  lineupChangedRefund: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Match changed: stake refunded',
    description: `The teams of the match of your bet on ${teamName} were changed after you bet. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  prizeCredited: (userId: string, creditId: string, amounts: Amounts, reason: string, createdAt: string, repaid: Amounts = NOTHING): Notice => ({
    userId,
    causeId: prizeEntryId(creditId),
    subject: 'Prize credited',
    description:
      `${amountsText(amounts)} credited to your wallet: ${reason}` +
      (repaid.coins + repaid.cashPaise > 0 ? `. ${amountsText(repaid)} of it paid back a prize taken back earlier.` : ''),
    createdAt,
  }),
  prizeReversed: (userId: string, creditId: string, amounts: Amounts, owed: Amounts, reason: string, createdAt: string): Notice => ({
    userId,
    causeId: prizeReversalEntryId(creditId),
    subject: 'Prize taken back',
    description:
      `${amountsText(amounts)} credited to you as a prize was taken back: ${reason}` +
      (owed.coins + owed.cashPaise > 0 ? `. ${amountsText(owed)} of it you had already used; your next prize pays that back first.` : ''),
    createdAt,
  }),
  /** To an operator: a request to pay (written with the request, so each operator hears of it once). */
  withdrawalRequested: (operatorId: string, withdrawalId: string, amountPaise: number, userName: string, upiId: string, createdAt: string): Notice => ({
    userId: operatorId,
    causeId: `withdrawal-request#${withdrawalId}`,
    subject: MSG.withdrawalRequestedSubject,
    description: `${userName} asks for ${formatRupees(amountPaise)} to ${upiId}. Pay it from Withdrawals in the operator console.`,
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
