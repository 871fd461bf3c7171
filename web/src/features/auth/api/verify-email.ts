// POST /user/verify-email?token&otpCode: verifies the account from the mailed link; signs in only the
// browser that registered.
import type { VerifyEmailAnswer } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const verifyEmail = (token: string, otpCode: string) =>
  // 401 here means "token expired", not an expired session.
  apiClient.post<VerifyEmailAnswer>('/user/verify-email', undefined, { query: { token, otpCode }, refreshOn401: false });
