import { startTransition, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { EmailField, FormError, PasswordField } from '../../components/text-field.tsx';
import { errorStatus } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { PATHS, REDIRECT_PARAM, verifyEmailPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { loginUser } from './api/login-user.ts';
import { AuthCard } from './auth-card.tsx';
import { afterSignIn, welcomeTo } from '../../lib/groups/pending-invite.ts';
import { redirectTarget } from './redirect-target.ts';
import { validateLogin } from './validation.ts';

/** What a page that sends the user here may hand over: the email they just used (after a reset). */
export interface LoginPageState {
  email?: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { markAuthenticated } = useSession();
  const handedOver = useLocation().state as LoginPageState | null;
  const [email, setEmail] = useState(handedOver?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLogin(email, password);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await loginUser(email.trim(), password);
      // The first login of an account registered from an invite joined its group: open it, with a welcome.
      const joined = answer?.joinedGroup ? welcomeTo(answer.joinedGroup) : null;
      // One transition for both (the router navigates in a transition too), so the anonymous-only guard
      // never sees "signed in" while still on the login page.
      startTransition(() => {
        if (joined) navigate(joined.path, { replace: true, state: joined.state });
        else navigate(redirectTarget(searchParams.get(REDIRECT_PARAM), window.location.origin, afterSignIn(PATHS.home)), { replace: true });
        markAuthenticated();
      });
    } catch (failure) {
      setBusy(false);
      if (errorStatus(failure) === 409) {
        navigate(verifyEmailPath(email.trim()));
        return;
      }
      setError(errorMessage(failure, { 402: MSG.incorrectPassword, 403: MSG.userNotRegistered }));
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to place bets and check your wallet."
      footer={
        <>
          New here? <Link to={PATHS.registration}>Create an account</Link>
        </>
      }
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <EmailField value={email} onValueChange={setEmail} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Link to={PATHS.resetPassword} className="auth-inline-link">
          Forgot password?
        </Link>
        <FormError message={error} />
        <Button type="submit" busy={busy} block>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
