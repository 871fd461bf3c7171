// Issuing and checking stored one-time codes (verification code, reset OTP): single use, expiring,
// at most CODE_MAX_WRONG_TRIES wrong tries, creation rate-limited per email.
import { randomUUID } from 'node:crypto';
import { CODE_MAX_WRONG_TRIES, CODE_TTL_SECONDS } from '#shared/constants.ts';
import { nowSeconds } from '#functions/platform/dynamodb.ts';
import * as codes from '#functions/data/codes.ts';
import type { CodePurpose, CodeRecord } from '#functions/data/codes.ts';
import { hashCode, hashesEqual } from './codes.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** Stores a new code for this email (replacing any previous one) and returns its id. */
export async function issueCode(purpose: CodePurpose, email: string, userId: string, code: string): Promise<string> {
  const now = nowSeconds();
  const codeId = randomUUID();
  const outcome = await codes.issueCode(
    { email, purpose, userId, codeId, hash: hashCode(purpose, email, code), wrongTries: 0, expiresAt: now + CODE_TTL_SECONDS },
    now,
  );
  if (outcome === 'rate-limited') throw new DomainError('codes-rate-limited');
  return codeId;
}

export type CodeCheck = { outcome: 'valid'; code: CodeRecord } | { outcome: 'wrong' | 'used-up' | 'unusable' };

/**
 * Checks a presented code against the live one. A wrong code counts as a try, and the try that
 * exhausts it (or any try after) is told the code is used up, so the user asks for a new one instead
 * of typing again; a missing or expired code (or one replaced since `expectedCodeId` was issued) is unusable.
 */
export async function checkCode(
  purpose: CodePurpose,
  email: string,
  presented: string,
  expectedCodeId?: string,
): Promise<CodeCheck> {
  const code = await codes.getCode(email, purpose);
  const live = !!code && code.expiresAt > nowSeconds() && (expectedCodeId === undefined || code.codeId === expectedCodeId);
  if (!code || !live) return { outcome: 'unusable' };
  if (code.wrongTries >= CODE_MAX_WRONG_TRIES) return { outcome: 'used-up' };
  if (!hashesEqual(hashCode(purpose, email, presented), code.hash)) {
    const wrongTries = await codes.recordWrongTry(code);
    return { outcome: wrongTries !== undefined && wrongTries >= CODE_MAX_WRONG_TRIES ? 'used-up' : 'wrong' };
  }
  return { outcome: 'valid', code };
}

export async function hasLiveCode(purpose: CodePurpose, email: string): Promise<boolean> {
  const code = await codes.getCode(email, purpose);
  return !!code && code.expiresAt > nowSeconds() && code.wrongTries < CODE_MAX_WRONG_TRIES;
}

export const consumeCodeItem = (code: CodeRecord) => codes.consumeCodeItem(code, nowSeconds());
