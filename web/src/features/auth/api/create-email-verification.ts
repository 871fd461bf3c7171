// POST /user/create-email-verification: mails a fresh verification link.
import { apiClient } from '../../../lib/api-client.ts';

export const createEmailVerification = (email: string) =>
  apiClient.post<unknown>('/user/create-email-verification', { email }, { refreshOn401: false });
