// POST /user/check-otp: checks a reset code before asking for the new password.
import { apiClient } from '../../../lib/api-client.ts';

export const checkOtp = (email: string, otpCode: string) => apiClient.post<unknown>('/user/check-otp', { email, otpCode });
