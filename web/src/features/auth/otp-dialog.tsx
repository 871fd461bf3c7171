import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '#shared/constants.ts';
import { maskEmail } from '#shared/format.ts';
import { Dialog } from '../../components/dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { FormError } from '../../components/text-field.tsx';
import { emptyOtp, enterDigits, eraseDigit, isOtpComplete, type OtpChange } from './otp-boxes.ts';

interface OtpDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
  /** Checks the code; resolves to an error message to show, or null when accepted. */
  onSubmit: (code: string) => Promise<string | null>;
}

/** The 4-box OTP dialog: auto-advances, backspace goes back, submits itself once every box is filled. */
export function OtpDialog({ open, email, onClose, onSubmit }: OtpDialogProps) {
  const [digits, setDigits] = useState(() => emptyOtp(OTP_LENGTH));
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (open) boxes.current[0]?.focus();
  }, [open]);

  const apply = (change: OtpChange) => {
    setDigits(change.digits);
    boxes.current[change.focusIndex]?.focus();
    if (isOtpComplete(change.digits)) void submit(change.digits.join(''));
  };

  const submit = async (code: string) => {
    setChecking(true);
    setError(null);
    const problem = await onSubmit(code);
    setChecking(false);
    // Accepted or not, the boxes are cleared: a wrong code is retyped from the first box.
    setDigits(emptyOtp(OTP_LENGTH));
    if (problem) {
      setError(problem);
      requestAnimationFrame(() => boxes.current[0]?.focus());
    }
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace') return;
    event.preventDefault();
    apply(eraseDigit(digits, index));
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(enterDigits(digits, index, event.clipboardData.getData('text')));
  };

  const close = () => {
    setDigits(emptyOtp(OTP_LENGTH));
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      title="Enter the code"
      onClose={close}
      description={
        <>
          We sent a {OTP_LENGTH}-digit code to <strong>{maskEmail(email)}</strong>.
        </>
      }
    >
      <fieldset className="otp-boxes" disabled={checking}>
        <legend className="visually-hidden">One-time code</legend>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="otp-box"
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={OTP_LENGTH}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            onChange={(event) => apply(enterDigits(digits, index, event.target.value))}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </fieldset>
      <div className="otp-status" aria-live="polite">
        {checking && (
          <span className="otp-checking">
            <Spinner size={18} /> Checking code…
          </span>
        )}
        <FormError message={error} />
      </div>
    </Dialog>
  );
}
