// POST /user/create-user: registers an account (multipart, as the spec sends it).
import { apiClient } from '../../../lib/api-client.ts';

export interface Registration {
  userName: string;
  email: string;
  password: string;
  /** The group invite this browser was opened from, kept with the registration on the server. */
  inviteCode?: string;
}

export function createUser(registration: Registration) {
  const form = new FormData();
  form.set('userName', registration.userName);
  form.set('email', registration.email);
  form.set('password', registration.password);
  if (registration.inviteCode) form.set('inviteCode', registration.inviteCode);
  // 401 here means "already registered", not an expired session.
  return apiClient.post<unknown>('/user/create-user', form, { refreshOn401: false });
}
