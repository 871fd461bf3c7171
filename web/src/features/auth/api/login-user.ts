// POST /user/login-user: sets the session cookies.
import { apiClient } from '../../../lib/api-client.ts';

export const loginUser = (email: string, password: string) =>
  apiClient.post<unknown>('/user/login-user', { email, password }, { refreshOn401: false });
