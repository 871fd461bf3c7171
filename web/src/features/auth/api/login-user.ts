// POST /user/login-user: sets the session cookies; answers the group the account's first login joined
// (the invite it registered from).
import type { LoginAnswer } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const loginUser = (email: string, password: string) =>
  apiClient.post<LoginAnswer | null>('/user/login-user', { email, password }, { refreshOn401: false });
