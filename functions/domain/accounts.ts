// Account lifecycle: register, verify, log in, reset and change the password, seed an operator.
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/api.ts';
import type { LoginInput, RegisterInput, ResetPasswordInput, UpdatePasswordInput } from '#shared/schemas.ts';
import { normalizeEmail } from '#shared/format.ts';
import { config } from '#functions/lib/config.ts';
import type { SessionTokens } from '#functions/lib/cookies.ts';
import { cancellationCodes, db, nowSeconds, type TransactItem } from '#functions/lib/dynamodb.ts';
import * as users from '#functions/data/users.ts';
import * as wallets from '#functions/data/wallets.ts';
import { ledgerEntryItem, WELCOME_ENTRY_ID } from '#functions/data/ledger.ts';
import { clearLoginFailures, reserveLoginAttempt } from '#functions/data/login-throttle.ts';
import { DomainError } from './errors.ts';
import { checkCode, consumeCodeItem, hasLiveCode } from './one-time-codes.ts';
import { commitNotifying, notices } from './notifications.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { commitRevokingSessions, prepareSession } from './sessions.ts';
import { verifyEmailVerificationToken, type AccessClaims } from './tokens.ts';

const transact = (items: TransactItem[]) => db.send(new TransactWriteCommand({ TransactItems: items }));

async function createUser(input: RegisterInput, role: Role, verified: boolean): Promise<string> {
  const user: users.UserRecord = {
    id: randomUUID(),
    userName: input.userName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    role,
    verified,
    trophy: 0,
    createdAt: new Date().toISOString(),
  };
  try {
    await transact([...users.newUserItems(user), wallets.newWalletItem(user.id)]);
  } catch (error) {
    if (cancellationCodes(error)?.[users.NEW_USER_EMAIL_ITEM_INDEX] === 'ConditionalCheckFailed') {
      throw new DomainError('user-already-registered');
    }
    throw error;
  }
  return user.id;
}

/** A new, unverified account with an empty wallet. */
export async function register(input: RegisterInput): Promise<{ userId: string }> {
  // Checked first so a taken email costs no password hashing; the transaction still guards the race.
  if (await users.getUserIdByEmail(input.email)) throw new DomainError('user-already-registered');
  return { userId: await createUser(input, 'user', false) };
}

/** Whether a verification link for this email is live (the verify page asks before offering Resend). */
export const isVerificationPending = (email: string) => hasLiveCode('verify-email', email);

/**
 * Verifies the email from the link's token and code, grants the welcome coins with their ledger entry
 * and opens a session, all in one transaction (the ledger entry's fixed id makes the grant happen once).
 */
export async function verifyEmail(token: string, code: string): Promise<SessionTokens> {
  const verified = await verifyEmailVerificationToken(token);
  if (!verified.ok) throw new DomainError(verified.reason === 'expired' ? 'verification-expired' : 'verification-invalid');
  const { userId, email, codeId } = verified.claims;

  const check = await checkCode('verify-email', email, code, codeId);
  const user = check.outcome === 'valid' ? await users.getUser(userId) : undefined;
  if (check.outcome !== 'valid' || !user || user.email !== email) throw new DomainError('verification-invalid');

  const welcomeCoins = config().welcomeCoins;
  const session = await prepareSession({ userId, role: user.role });
  const createdAt = new Date().toISOString();
  try {
    await commitNotifying(
      [
        consumeCodeItem(check.code),
        users.markVerifiedItem(userId),
        wallets.creditItem(userId, 'coins', welcomeCoins),
        ledgerEntryItem({ userId, entryId: WELCOME_ENTRY_ID, kind: 'welcome', coins: welcomeCoins, cashPaise: 0, createdAt }),
        ...session.items,
      ],
      [notices.welcome(userId, welcomeCoins, createdAt)],
    );
  } catch (error) {
    if (cancellationCodes(error)) throw new DomainError('verification-invalid');
    throw error;
  }
  return session.tokens;
}

export async function login({ email, password }: LoginInput): Promise<SessionTokens> {
  const user = await users.getUserByEmail(email);
  if (!user) throw new DomainError('user-not-registered');
  // Counted before the check, atomically: guesses sent all at once cannot pass a check-then-count.
  if (!(await reserveLoginAttempt(user.id, nowSeconds()))) throw new DomainError('login-throttled');
  if (!(await verifyPassword(password, user.passwordHash))) throw new DomainError('incorrect-password');
  await clearLoginFailures(user.id);
  if (!user.verified) throw new DomainError('email-not-verified');

  const session = await prepareSession({ userId: user.id, role: user.role });
  try {
    // The session only opens if the password was not changed while it was being checked.
    await transact([users.passwordUnchangedCheck(user.id, user.passwordHash), ...session.items]);
  } catch (error) {
    if (cancellationCodes(error)) throw new DomainError('incorrect-password');
    throw error;
  }
  return session.tokens;
}

/** check-otp: is this the live reset OTP? A wrong one counts as a try; the code is not consumed. */
export async function checkResetOtp(email: string, otp: string): Promise<void> {
  const check = await checkCode('reset-password', email, otp);
  if (check.outcome !== 'valid') throw new DomainError(check.outcome === 'wrong' ? 'otp-wrong' : 'otp-unusable');
}

/** Sets a new password with the reset OTP (consumed) and revokes every session of the account. */
export async function resetPassword({ email, otpCode, password }: ResetPasswordInput): Promise<void> {
  const check = await checkCode('reset-password', email, otpCode);
  if (check.outcome !== 'valid') throw new DomainError(check.outcome === 'wrong' ? 'otp-wrong' : 'otp-unusable');
  const user = await users.getUser(check.code.userId);
  if (!user) throw new DomainError('otp-unusable');

  const newHash = await hashPassword(password);
  try {
    await commitRevokingSessions(user.id, [consumeCodeItem(check.code), users.setPasswordItem(user.id, user.passwordHash, newHash)]);
  } catch (error) {
    if (cancellationCodes(error)) throw new DomainError('otp-unusable');
    throw error;
  }
}

/** Changes the password of the caller, who stays logged in; their other sessions are revoked. */
export async function changePassword(caller: AccessClaims, input: UpdatePasswordInput): Promise<void> {
  const user = await users.getUser(caller.userId);
  if (!user) throw new DomainError('unauthorized');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw new DomainError('incorrect-password');
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
    return { userId: existingId, created: false };
  }
  try {
    return { userId: await createUser({ ...input, email }, 'operator', true), created: true };
  } catch (error) {
    // Seeded concurrently by another process: promote whatever won.
    if (!(error instanceof DomainError)) throw error;
    return ensureOperator(input);
  }
}
