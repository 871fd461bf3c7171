import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH, USER_NAME_MAX_LENGTH, USER_NAME_MIN_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { EmailField, FormError, PasswordField, TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { pendingInvite } from '../../lib/groups/pending-invite.ts';
import { PATHS, verifyEmailPath } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { createEmailVerification } from './api/create-email-verification.ts';
import { createUser } from './api/create-user.ts';
import { AuthCard } from './auth-card.tsx';
import { validateRegistration } from './validation.ts';

export default function RegistrationPage() {
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const registration = { userName: userName.trim(), email: email.trim(), password };
    const problem = validateRegistration(registration);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await createUser({ ...registration, inviteCode: pendingInvite() });
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure, { 401: MSG.userAlreadyRegistered, 403: MSG.emailDomainNotAllowed }, MSG.registrationFailed));
      return;
    }
    try {
      await createEmailVerification(registration.email);
    } catch {
      // The account exists; the verify page offers Resend.
      toast.error(MSG.verificationRequestFailed);
    }
    navigate(verifyEmailPath(registration.email));
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join the game: bet play coins on your hostel's matches."
      footer={
        <>
          Already have an account? <Link to={PATHS.login}>Log in</Link>
        </>
      }
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Name"
          name="userName"
          autoComplete="nickname"
          maxLength={USER_NAME_MAX_LENGTH}
          hint={`At least ${USER_NAME_MIN_LENGTH} characters. Other players see it.`}
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
        />
        <EmailField value={email} onValueChange={setEmail} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="auth-terms">
          By creating an account you confirm you are {MINIMUM_AGE} or older and agree to the{' '}
          <Link to={PATHS.terms}>Terms & conditions</Link>.
        </p>
        <FormError message={error} />
        <Button type="submit" busy={busy} block>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
