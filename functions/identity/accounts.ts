// Account lifecycle: register, verify, log in, reset and change the password, seed an operator.
import { randomUUID } from 'node:crypto';
import type { JoinedGroup, Role } from '#shared/api.ts';
import type { LoginInput, RegisterInput, ResetPasswordInput, UpdatePasswordInput } from '#shared/schemas.ts';
import { normalizeEmail } from '#shared/format.ts';
import { config } from '#functions/platform/config.ts';
import { cancellationCodes, nowSeconds, transactWrite } from '#functions/platform/dynamodb.ts';
import * as users from '#functions/data/users.ts';
import * as operatorRoster from '#functions/data/operator-roster.ts';
import * as wallets from '#functions/data/wallets.ts';
import { ledgerEntryItem, WELCOME_ENTRY_ID } from '#functions/data/ledger.ts';
import { clearLoginFailures, reserveLoginAttempt } from '#functions/data/login-throttle.ts';
import { discardCodeItem } from '#functions/data/codes.ts';
import { isEmailDomainAllowed } from '#shared/email-domains.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { invitePreview, joinPendingInvite } from '#functions/community/groups.ts';
import { checkCode, consumeCodeItem, hasLiveCode } from './one-time-codes.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { commitRevokingSessions, prepareSession } from './sessions.ts';
import {
  signDeviceToken,
  signRegistrationToken,
  trustedDeviceId,
  verifyEmailVerificationToken,
  verifyRegistrationToken,
  type AccessClaims,
} from './tokens.ts';
import type { SessionTokens } from './tokens.ts';

interface NewAccount {
  userName: string;
  email: string;
  passwordHash: string;
  registrationId?: string;
  /** The group invite the visitor registered from: joined at the account's first sign-in. */
  pendingInvite?: string;
}

async function createUser(account: NewAccount, role: Role, verified: boolean): Promise<string> {
  const user: users.UserRecord = { id: randomUUID(), ...account, role, verified, trophy: 0, createdAt: new Date().toISOString() };
  try {
    await transactWrite([...users.newUserItems(user), wallets.newWalletItem(user.id)]);
  } catch (error) {
    if (cancellationCodes(error)?.[users.NEW_USER_EMAIL_ITEM_INDEX] === 'ConditionalCheckFailed') {
      throw new DomainError('user-already-registered');
    }
    throw error;
  }
  return user.id;
}

/** A still-unverified account registered again: the new name and password replace the earlier ones, and the earlier links die. */
async function replaceRegistration(existing: users.UserRecord, account: NewAccount & { registrationId: string }): Promise<void> {
  const userId = existing.id;
  try {
    await transactWrite([
      // The earlier registration's name leaves the search index with it.
      ...users.replaceRegistrationItems(existing, { id: userId, ...account, createdAt: new Date().toISOString() }),
      discardCodeItem(account.email, 'verify-email'),
    ]);
  } catch (error) {
    // Verified meanwhile: the account is no longer up for registration.
    if (cancellationCodes(error)) throw new DomainError('user-already-registered');
    throw error;
  }
}

/**
 * A new, unverified account with an empty wallet, or, for an email whose account is still unverified,
 * that account with this registration's name and password (whoever registered it first does not keep
 * it). The registration token goes to the registering browser: only there does the mailed link sign in.
 */
export async function register(input: RegisterInput): Promise<{ userId: string; registrationToken: string }> {
  if (!isEmailDomainAllowed(input.email, config().allowedEmailDomains)) throw new DomainError('email-domain-not-allowed');
  // Checked first so a taken email costs no password hashing; the transactions still guard the races.
  const existing = await users.getUserByEmail(input.email);
  if (existing?.verified) throw new DomainError('user-already-registered');
  const account = {
    userName: input.userName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    registrationId: randomUUID(),
    pendingInvite: input.inviteCode,
  };
  if (existing) await replaceRegistration(existing, account);
  const userId = existing ? existing.id : await createUser(account, 'user', false);
  return { userId, registrationToken: await signRegistrationToken(userId, account.registrationId) };
}

/**
 * Whether a verification link for this email is live, and whether its account is verified already (the
 * link used in another browser): the verify page asks before offering Resend. Registering a verified
 * email again answers 'User already registered', so this tells nothing registration does not.
 */
export async function verificationState(email: string): Promise<{ isOtpGenerated: boolean; isVerified: boolean }> {
  const [isOtpGenerated, user] = await Promise.all([hasLiveCode('verify-email', email), users.getUserByEmail(email)]);
  return { isOtpGenerated, isVerified: user?.verified === true };
}

/**
 * The group of the invite the account registered from, joined at its first sign-in. The sign-in stands
 * whatever happens here: a join that fails for another reason than a void invite is logged and the
 * invite stays pending, for the next sign-in.
 */
async function joinRegisteredInvite(userId: string, inviteCode: string | undefined): Promise<JoinedGroup | undefined> {
  try {
    return await joinPendingInvite(userId, inviteCode);
  } catch (error) {
    log('warn', 'pending invite not joined', { userId, ...errorFields(error) });
    return undefined;
  }
}

/** The name of the group a pending invite is to, if it still names one. */
async function pendingGroupName(inviteCode: string | undefined): Promise<string | undefined> {
  if (!inviteCode) return undefined;
  try {
    return (await invitePreview(inviteCode)).name;
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/**
 * Signed in only in the browser that registered, with a device token: it proved it chose the password,
 * as a login does; that sign-in joins the group of the invite the account registered from. Elsewhere the
 * answer names that group, joined at the first login.
 */
export type VerifiedEmail =
  | { signedIn: false; pendingGroup?: string }
  | { signedIn: true; session: SessionTokens; deviceToken: string; joinedGroup?: JoinedGroup };

/**
 * Verifies the email from the link's token and code, grants the welcome coins with their ledger entry
 * and, in the browser that made this very registration, opens a session, all in one transaction (the
 * ledger entry's fixed id makes the grant happen once). Anywhere else the link only verifies: whoever
 * registered someone else's email must not get the owner signed into an account whose password they
 * chose, so the owner logs in (or resets the password) instead.
 */
export async function verifyEmail(token: string, code: string, registrationToken: string | undefined): Promise<VerifiedEmail> {
  const verified = await verifyEmailVerificationToken(token);
  if (!verified.ok) throw new DomainError(verified.reason === 'expired' ? 'verification-expired' : 'verification-invalid');
  const { userId, email, codeId } = verified.claims;

  const check = await checkCode('verify-email', email, code, codeId);
  const user = check.outcome === 'valid' ? await users.getUser(userId) : undefined;
  if (check.outcome !== 'valid' || !user || user.email !== email) throw new DomainError('verification-invalid');

  // A registration since then discarded this code, so the registration read here is the code's own.
  const registrant = await verifyRegistrationToken(registrationToken);
  const signsIn = registrant?.userId === userId && registrant.registrationId === user.registrationId;
  const session = signsIn ? await prepareSession({ userId, role: user.role }) : undefined;
  const welcomeCoins = config().welcomeCoins;
  const createdAt = new Date().toISOString();
  try {
    await commitNotifying(
      [
        consumeCodeItem(check.code),
        users.markVerifiedItem(userId),
        wallets.creditItem(userId, 'coins', welcomeCoins),
        ledgerEntryItem({ userId, entryId: WELCOME_ENTRY_ID, kind: 'welcome', coins: welcomeCoins, cashPaise: 0, createdAt }),
        ...(session?.items ?? []),
      ],
      [notices.welcome(userId, welcomeCoins, createdAt)],
    );
  } catch (error) {
    if (cancellationCodes(error)) throw new DomainError('verification-invalid');
    throw error;
  }
  if (!session) return { signedIn: false, pendingGroup: await pendingGroupName(user.pendingInvite) };
  const joinedGroup = await joinRegisteredInvite(userId, user.pendingInvite);
  return { signedIn: true, session: session.tokens, deviceToken: await signDeviceToken(userId), joinedGroup };
}

/**
 * Checks a password of this account, throttled by OWASP's device-cookie pattern (data/login-throttle.ts):
 * counted before the check, atomically, against the device cookie's own attempt budget when it is a valid
 * one for this user, else against the account's untrusted budget. Guesses sent all at once cannot
 * pass a check-then-count, and strangers' guesses never lock out a browser the owner logged in from.
 * A right password clears that budget.
 */
async function checkPasswordThrottled(user: users.UserRecord, password: string, deviceToken: string | undefined): Promise<void> {
  const deviceId = await trustedDeviceId(deviceToken, user.id);
  if (!(await reserveLoginAttempt(user.id, deviceId, nowSeconds()))) throw new DomainError('login-throttled');
  if (!(await verifyPassword(password, user.passwordHash))) throw new DomainError('incorrect-password');
  await clearLoginFailures(user.id, deviceId);
}

/** A session, a new device token for this browser, and the group of the invite the account registered from, joined at this first login. */
export async function login(
  { email, password }: LoginInput,
  deviceToken: string | undefined,
): Promise<{ session: SessionTokens; deviceToken: string; joinedGroup?: JoinedGroup }> {
  const user = await users.getUserByEmail(email);
  if (!user) throw new DomainError('user-not-registered');
  await checkPasswordThrottled(user, password, deviceToken);
  if (!user.verified) throw new DomainError('email-not-verified');

  const session = await prepareSession({ userId: user.id, role: user.role });
  try {
    // The session only opens if the password was not changed while it was being checked.
    await transactWrite([users.passwordUnchangedCheck(user.id, user.passwordHash), ...session.items]);
  } catch (error) {
    if (cancellationCodes(error)) throw new DomainError('incorrect-password');
    throw error;
  }
  const joinedGroup = await joinRegisteredInvite(user.id, user.pendingInvite);
  return { session: session.tokens, deviceToken: await signDeviceToken(user.id), joinedGroup };
}

/** The refusal for a reset OTP that is not the live one. */
function refuseResetOtp(outcome: 'wrong' | 'used-up' | 'unusable'): never {
  throw new DomainError(outcome === 'wrong' ? 'otp-wrong' : outcome === 'used-up' ? 'otp-used-up' : 'otp-unusable');
}

/** check-otp: is this the live reset OTP? A wrong one counts as a try; the code is not consumed. */
export async function checkResetOtp(email: string, otp: string): Promise<void> {
  const check = await checkCode('reset-password', email, otp);
  if (check.outcome !== 'valid') refuseResetOtp(check.outcome);
}

/** Signed in when the account is verified (an unverified one still verifies from its own link first). */
export type PasswordReset = { signedIn: false } | { signedIn: true; session: SessionTokens; deviceToken: string };

/**
 * Sets a new password with the reset OTP (consumed) and revokes every session of the account. The OTP
 * proved the caller reads the account's mail and they chose the password just now, which is what a
 * login proves, so the same transaction opens a session for this browser (the spec sends them home).
 */
export async function resetPassword({ email, otpCode, password }: ResetPasswordInput): Promise<PasswordReset> {
  const check = await checkCode('reset-password', email, otpCode);
  if (check.outcome !== 'valid') refuseResetOtp(check.outcome);
  const user = await users.getUser(check.code.userId);
  if (!user) throw new DomainError('otp-unusable');

  const newHash = await hashPassword(password);
  const session = user.verified ? await prepareSession({ userId: user.id, role: user.role }) : undefined;
  try {
    // The new session is not among the sessions revoked: they are listed before it exists.
    // The invite the registration chose goes: whoever reset the password may not be whoever registered.
    await commitRevokingSessions(user.id, [consumeCodeItem(check.code), users.setPasswordItem(user.id, user.passwordHash, newHash, true), ...(session?.items ?? [])]);
  } catch (error) {
    if (cancellationCodes(error)) throw new DomainError('otp-unusable');
    throw error;
  }
  return session ? { signedIn: true, session: session.tokens, deviceToken: await signDeviceToken(user.id) } : { signedIn: false };
}

/**
 * Changes the password of the caller, who stays logged in; their other sessions are revoked. The
 * current password is checked with the login's throttle: a stolen session cannot guess it unhindered.
 */
export async function changePassword(caller: AccessClaims, input: UpdatePasswordInput, deviceToken: string | undefined): Promise<void> {
  const user = await users.getUser(caller.userId);
  if (!user) throw new DomainError('unauthorized');
  await checkPasswordThrottled(user, input.currentPassword, deviceToken);
  const newHash = await hashPassword(input.newPassword);
  try {
    await commitRevokingSessions(user.id, [users.setPasswordItem(user.id, user.passwordHash, newHash)], caller.sessionId);
  } catch (error) {
    // Another change won the race: the current password checked above is no longer current.
    if (cancellationCodes(error)) throw new DomainError('incorrect-password');
    throw error;
  }
}

/**
 * Makes sure a verified operator account exists for this email (the local cloud seeds one; in the
 * cloud a command runs it). An existing account keeps its password and becomes an operator.
 */
export async function ensureOperator(input: { email: string; password: string; userName: string }): Promise<{ userId: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const existingId = await users.getUserIdByEmail(email);
  if (existingId) {
    await users.promoteToOperator(existingId);
    await operatorRoster.addOperator(existingId);
    return { userId: existingId, created: false };
  }
  try {
    const account = { userName: input.userName, email, passwordHash: await hashPassword(input.password) };
    const userId = await createUser(account, 'operator', true);
    // On the roster, operators hear of new withdrawal requests (functions/wallet/withdrawals.ts).
    await operatorRoster.addOperator(userId);
    return { userId, created: true };
  } catch (error) {
    // Seeded concurrently by another process: promote whatever won.
    if (!(error instanceof DomainError)) throw error;
    return ensureOperator(input);
  }
}
