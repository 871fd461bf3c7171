// Shapes of the API's answers, shared by the functions and the web app.

/** Every answer: success carries data; an error carries statusCode and message only. */
export interface ApiEnvelope<T> {
  statusCode: number;
  data: T;
  message: string;
  success: boolean;
}
export interface ApiError {
  statusCode: number;
  message: string;
  success: false;
}

export type Role = 'user' | 'operator';

/** GET /user/current-user */
export interface CurrentUser {
  _id: string;
  userName: string;
  email: string;
  avatar: string | null;
  walletBalance: number; // coins
  inboxCount: number;
  trophy: number;
  totalEarnings: number;
  role: Role;
}

/** GET /user/get-by-id/{userId}: public fields only. */
export interface PublicUser {
  _id: string;
  userName: string;
  avatar: string | null;
  trophy: number;
  totalEarnings: number;
}
