// Paying a pending withdrawal: on a phone, one tap opens the operator's UPI app with the payee, amount and
// note filled in ('Pay in UPI app'); on a laptop, the same payment as a QR code to scan with the phone. The
// UPI id and the amount can be copied for an app that is used by hand. The QR renderer (qrcode) is its
// own chunk, loaded only where the code is shown.
import { useEffect, useState } from 'react';
import type { AdminWithdrawal } from '#shared/api.ts';
import { Button } from '../../../components/button.tsx';
import { formatRupees } from '../../../lib/format-number.ts';
import { toast } from '../../../lib/toast.ts';
import { LAPTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { upiAmount, upiPaymentLink } from './upi-payment.ts';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.short.success(`${what} copied`);
  } catch {
    toast.short.error(`Could not copy the ${what.toLowerCase()}. Select it and copy it by hand`);
  }
}

/** The payment link as a QR code image (an SVG in a blob URL: the page's policy allows no data: images). */
function PaymentQrCode({ link, label }: { link: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (!live) return;
        url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
        setSrc(url);
      })
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link]);
  return (
    <figure className="payout-qr">
      {src ? <img src={src} alt={label} width={148} height={148} /> : <span className="payout-qr-placeholder" aria-hidden="true" />}
      <figcaption>Scan with your UPI app</figcaption>
    </figure>
  );
}

export function PayWithdrawal({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const laptop = useMediaQuery(LAPTOP_QUERY);
  const link = upiPaymentLink(withdrawal);
  const amount = `₹${formatRupees(withdrawal.amount)}`;
  return (
    <div className="payout" role="group" aria-label={`Pay ${withdrawal.userName}`}>
      {laptop && <PaymentQrCode link={link} label={`QR code to pay ${amount} to ${withdrawal.upiId}`} />}
      <div className="payout-steps">
        <a className="btn btn-primary btn-small payout-app" href={link}>
          <span>Pay in UPI app</span>
        </a>
        <div className="payout-copies">
          <Button variant="secondary" className="btn-small" onClick={() => void copy(withdrawal.upiId, 'UPI id')} aria-label={`Copy UPI id ${withdrawal.upiId}`}>
            Copy UPI id
          </Button>
          <Button variant="secondary" className="btn-small" onClick={() => void copy(upiAmount(withdrawal.amount), 'Amount')} aria-label={`Copy amount ${amount}`}>
            Copy amount
          </Button>
        </div>
      </div>
    </div>
  );
}
