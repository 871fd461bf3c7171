// PATCH /user/reset-password: sets a new password with a checked reset code; signs a verified account in.
import type { ResetPasswordAnswer } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const resetPassword = (email: string, otpCode: string, password: string) =>
  apiClient.patch<ResetPasswordAnswer>('/user/reset-password', { otpCode, password, email });
