import { startTransition, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { newPasswordProblem } from '#shared/account-rules.ts';
import { OTP_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { EmailField, FormError, PasswordField } from '../../components/text-field.tsx';
import { errorStatus } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { checkOtp } from './api/check-otp.ts';
import { createResetOtp } from './api/create-otp.ts';
import { resetPassword } from './api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';
import type { LoginPageState } from './login-page.tsx';
import { OtpDialog } from './otp-dialog.tsx';

/** A reset code tried 5 times wrong is used up (429): the page offers a new one instead of another try. */
const isCodeUsedUp = (failure: unknown) => errorStatus(failure) === 429;

/** Two steps (spec §4): email -> OTP dialog -> new password -> signed in and home (or to log in, email kept). */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const { markAuthenticated } = useSession();
  const [email, setEmail] = useState('');
  const [otpCode, setOtpCode] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(MSG.emailRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await createResetOtp(email.trim());
      setCodeSent(true);
      setDialogOpen(true);
    } catch (failure) {
      setError(errorMessage(failure, { 403: MSG.userNotRegistered }, MSG.otpRequestFailed));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    try {
      await checkOtp(email.trim(), code);
      setOtpCode(code);
      setDialogOpen(false);
      return null;
    } catch (failure) {
      if (isCodeUsedUp(failure)) {
        // Said beside the 'Send a new code' button, not in a dialog that can take no more tries.
        setDialogOpen(false);
        setError(MSG.tooManyTries);
        return null;
      }
      return errorMessage(failure, { 402: MSG.otpNotValid, 403: MSG.otpNotValid }) ?? MSG.somethingWentWrong;
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password);
    setError(problem);
    if (problem || !otpCode) return;
    setBusy(true);
    try {
      const { signedIn } = await resetPassword(email.trim(), otpCode, password);
      toast.success(MSG.passwordUpdated);
      if (!signedIn) {
        const state: LoginPageState = { email: email.trim() };
        navigate(PATHS.login, { replace: true, state });
        return;
      }
      // One transition, as on the login page: the guard must not see "signed in" on this page.
      startTransition(() => {
        navigate(PATHS.home, { replace: true });
        markAuthenticated();
      });
    } catch (failure) {
      setBusy(false);
      if (isCodeUsedUp(failure)) {
        setOtpCode(null);
        setError(MSG.tooManyTries);
        return;
      }
      setError(errorMessage(failure, { 402: MSG.invalidOtp, 403: MSG.invalidOtp }));
    }
  };

  const footer = (
    <>
      Remembered it? <Link to={PATHS.login}>Log in</Link>
    </>
  );

  if (otpCode) {
    return (
      <AuthCard title="Choose a new password" subtitle={`For ${email.trim()}`} footer={footer}>
        <form className="form" onSubmit={(event) => void submitPassword(event)} noValidate>
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" busy={busy} block>
            Reset password
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={`Enter your account's email and we will send you a ${OTP_LENGTH}-digit code.`}
      footer={footer}
    >
      <form className="form" onSubmit={(event) => void requestCode(event)} noValidate>
        <EmailField value={email} onValueChange={setEmail} />
        <FormError message={error} />
        <Button type="submit" busy={busy} block>
          {codeSent ? 'Send a new code' : 'Send code'}
        </Button>
        {codeSent && (
          <Button variant="secondary" block onClick={() => setDialogOpen(true)}>
            Enter the code
          </Button>
        )}
      </form>
      <OtpDialog open={dialogOpen} email={email.trim()} onClose={() => setDialogOpen(false)} onSubmit={submitCode} />
    </AuthCard>
  );
}
