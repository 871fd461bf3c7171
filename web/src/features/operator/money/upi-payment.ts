// Paying a withdrawal from the operator's own UPI app: the payment link (the NPCI `upi://pay` deep link
// every UPI app opens, the same text as the QR code a laptop shows), pure so it is tested on its own.
import type { AdminWithdrawal } from '#shared/api.ts';

/** UPI apps show the note to both sides; many cut it at 50 characters. */
const NOTE_MAX = 50;

/** The note on the payment: names the withdrawal, so the operator's statement matches the request. */
export const paymentNote = (withdrawal: Pick<AdminWithdrawal, '_id'>) => `Bet Play Win withdrawal ${withdrawal._id.slice(0, 8)}`.slice(0, NOTE_MAX);

/** The rupee amount as UPI wants it: two decimals, no grouping ('250.00'). */
export const upiAmount = (rupees: number) => rupees.toFixed(2);

/** `upi://pay?pa=<UPI id>&pn=<payee>&am=<amount>&cu=INR&tn=<note>`, every value URL-encoded. */
export function upiPaymentLink(withdrawal: Pick<AdminWithdrawal, '_id' | 'upiId' | 'userName' | 'amount'>): string {
  const fields: [string, string][] = [
    ['pa', withdrawal.upiId],
    ['pn', withdrawal.userName],
    ['am', upiAmount(withdrawal.amount)],
    ['cu', 'INR'],
    ['tn', paymentNote(withdrawal)],
  ];
  return `upi://pay?${fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
