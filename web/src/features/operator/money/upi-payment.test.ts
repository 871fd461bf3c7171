import { describe, expect, it } from 'vitest';
import { paymentNote, upiAmount, upiPaymentLink } from './upi-payment.ts';

const withdrawal = { _id: '3f2a9c1e-5b7d-4e21-9a0b-1c2d3e4f5a6b', upiId: 'ananya.rao@okaxis', userName: 'Ananya Rao', amount: 500 };

describe('the UPI payment link', () => {
  it('names the payee, the amount with two decimals, rupees and a note naming the withdrawal, URL-encoded', () => {
    expect(upiPaymentLink(withdrawal)).toBe('upi://pay?pa=ananya.rao%40okaxis&pn=Ananya%20Rao&am=500.00&cu=INR&tn=Bet%20Play%20Win%20withdrawal%203f2a9c1e');
  });

  it('keeps paise and encodes what a name may hold', () => {
    const link = new URL(upiPaymentLink({ ...withdrawal, amount: 75.5, userName: 'Rao & Sons #1?' }));
    expect(link.protocol).toBe('upi:');
    expect(link.searchParams.get('am')).toBe('75.50');
    expect(link.searchParams.get('pn')).toBe('Rao & Sons #1?');
    expect(link.searchParams.get('pa')).toBe('ananya.rao@okaxis');
    expect(upiAmount(10)).toBe('10.00');
    expect(paymentNote(withdrawal).length).toBeLessThanOrEqual(50);
  });
});
