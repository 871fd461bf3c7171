// GET /user/logout-user: ends the session on the server and clears the cookies.
import { apiClient } from '../api-client.ts';
import { rememberSignedIn } from './session-hint.ts';

export async function logoutUser() {
  await apiClient.get<unknown>('/user/logout-user');
  await rememberSignedIn(false);
}
