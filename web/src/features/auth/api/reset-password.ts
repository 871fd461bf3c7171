// PATCH /user/reset-password: sets a new password with a checked reset code.
import { apiClient } from '../../../lib/api-client.ts';

export const resetPassword = (email: string, otpCode: string, password: string) =>
  apiClient.patch<unknown>('/user/reset-password', { otpCode, password, email });
