// POST /user/create-otp: mails a 4-digit password-reset code.
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { apiClient } from '../../../lib/api-client.ts';

const RESET_MAIL_SUBJECT = `Your ${HOME_TAB_NAME} password reset code`;

export const createResetOtp = (email: string) =>
  apiClient.post<unknown>('/user/create-otp', { email, subject: RESET_MAIL_SUBJECT, type: 'reset-password' });
