import { startTransition, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { RESEND_COUNTDOWN_S } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { CheckIcon, MailIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { FormError } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { afterSignIn, welcomeTo } from '../../lib/groups/pending-invite.ts';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { useOtpCreation } from './api/check-otp-creation.ts';
import { createEmailVerification } from './api/create-email-verification.ts';
import { verifyEmail } from './api/verify-email.ts';
import { AuthCard } from './auth-card.tsx';
import type { LoginPageState } from './login-page.tsx';
import { formatCountdown, useCountdown } from './countdown.ts';

/** With ?id={email}: "we sent you a link" and Resend; once the link was opened (in any browser), "verified, log in". */
function LinkSent({ email }: { email: string }) {
  const { data: state, error } = useOtpCreation(email);
  const { secondsLeft, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  if (error) return <Navigate to={PATHS.notFound} replace />;
  if (state === undefined) return <LoadingBlock label="Checking your verification link" />;
  if (state.isVerified) return <VerifiedLogIn email={email} />;
  const { isOtpGenerated } = state;

  const resend = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await createEmailVerification(email);
      toast.success('Verification link sent');
      start(RESEND_COUNTDOWN_S);
    } catch (failure) {
      setMessage(errorMessage(failure, {}, MSG.verificationRequestFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Check your inbox"
      footer={
        <>
          Verified already? <Link to={PATHS.login}>Log in</Link>
        </>
      }
    >
      <div className="verify-icon">
        <MailIcon size={30} />
      </div>
      <p className="verify-text">
        {isOtpGenerated ? 'We sent a verification link to ' : 'Your verification link has expired. Send a new one to '}
        <strong className="verify-email">{email}</strong>. Open it in this browser to be signed in at once.
      </p>
      <FormError message={message} />
      <Button variant="secondary" block busy={busy} disabled={secondsLeft > 0} onClick={() => void resend()}>
        {secondsLeft > 0 ? `Resend in ${formatCountdown(secondsLeft)}` : 'Resend'}
      </Button>
      <p className="auth-note">Can't find it? Look in your spam folder.</p>
    </AuthCard>
  );
}

/**
 * The link opened in another browser than the one that registered (or this page reloaded after that):
 * verified, now log in; the first login joins the group the account registered from, when there is one.
 */
function VerifiedLogIn({ email, groupName }: { email?: string; groupName?: string }) {
  const handOver: LoginPageState | undefined = email ? { email } : undefined;
  return (
    <AuthCard title="Email verified">
      <div className="verify-icon">
        <CheckIcon size={30} />
      </div>
      {email && (
        <p className="verify-text">
          <strong className="verify-email">{email}</strong> is verified.
        </p>
      )}
      <p className="verify-text">
        {groupName ? (
          <>
            Log in to join <strong>{groupName}</strong> and collect your welcome coins.
          </>
        ) : (
          'Log in to collect your welcome coins.'
        )}{' '}
        Use the password you chose when you registered. Forgot it, or did not register yourself? Reset it with a
        code we mail you.
      </p>
      <div className="verify-actions">
        <Link to={PATHS.login} state={handOver} className="btn btn-primary btn-block">
          Log in
        </Link>
        <Link to={PATHS.resetPassword} className="btn btn-secondary btn-block">
          Reset password
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * With ?token&code (the mailed link): verifies; in the browser that registered it also signs in and goes
 * home, anywhere else it asks to log in (whoever registered the email chose its password, maybe not you).
 */
function VerifyLink({ token, code }: { token: string; code: string }) {
  const navigate = useNavigate();
  const { markAuthenticated } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [verifiedElsewhere, setVerifiedElsewhere] = useState<{ groupName?: string } | null>(null);
  const sent = useRef(false); // the code is single-use: never send it twice (StrictMode runs effects twice)

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verifyEmail(token, code).then(
      ({ signedIn, joinedGroup, pendingGroup }) => {
        if (!signedIn) return setVerifiedElsewhere({ groupName: pendingGroup });
        // Registered from an invite: its group was joined with this sign-in; open it, with a welcome.
        const joined = joinedGroup ? welcomeTo(joinedGroup) : null;
        // One transition, as on the login page: the guard must not see "signed in" on /auth/verify.
        startTransition(() => {
          if (joined) navigate(joined.path, { replace: true, state: joined.state });
          else navigate(afterSignIn(PATHS.home), { replace: true });
          markAuthenticated();
        });
      },
      (error: unknown) =>
        setFailure(
          errorMessage(error, { 401: MSG.tokenExpired, 402: MSG.invalidRequest }, MSG.somethingWentWrong) ??
            MSG.somethingWentWrong,
        ),
    );
  }, [token, code, navigate, markAuthenticated]);

  if (verifiedElsewhere) return <VerifiedLogIn groupName={verifiedElsewhere.groupName} />;
  if (!failure) return <LoadingBlock label="Verifying your email" />;
  return (
    <AuthCard
      title="Verification failed"
      footer={
        <>
          Need a new link? <Link to={PATHS.login}>Log in</Link> and we will send one.
        </>
      }
    >
      <p className="verify-failed-code" aria-hidden="true">
        404
      </p>
      <FormError message={failure} />
      <Link to={PATHS.home} className="btn btn-secondary btn-block verify-home">
        Back to home
      </Link>
    </AuthCard>
  );
}

export default function VerifyPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('id');
  const token = searchParams.get('token');
  const code = searchParams.get('code');
  if (token && code) return <VerifyLink token={token} code={code} />;
  if (email) return <LinkSent email={email} />;
  return <Navigate to={PATHS.notFound} replace />;
}
