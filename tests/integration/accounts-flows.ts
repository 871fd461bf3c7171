// Account steps shared by the accounts integration tests: register, verify, read the mailed codes.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createClient, type ApiClient } from '../helpers/api.ts';
import { testBaseUrl } from '../helpers/cloud-under-test.ts';
import { extractLink, extractOtp, mailsTo, waitForMail } from '../helpers/mail.ts';

export const baseUrl = testBaseUrl;
export const newClient = (): ApiClient => createClient(baseUrl());
export const uniqueEmail = () => `${randomUUID()}@test.local`;
export const PASSWORD = 'password-123';

export const mailsToUser = (email: string) => mailsTo(baseUrl(), email);

export async function verificationLinkFor(email: string): Promise<URL> {
  const mail = await waitForMail(baseUrl(), email, (m) => m.text.includes('/auth/verify?'));
  return new URL(extractLink(mail, '/auth/verify'));
}

export async function resetOtpFor(email: string): Promise<string> {
  return extractOtp(await waitForMail(baseUrl(), email, (m) => m.subject.includes('reset')));
}

/** verify-email's query from a mailed link (`code` in the link, `otpCode` in the API call). */
export const verifyPath = (link: URL) =>
  `/user/verify-email?${new URLSearchParams({ token: link.searchParams.get('token')!, otpCode: link.searchParams.get('code')! })}`;

export async function register(client = newClient(), email = uniqueEmail()) {
  const created = await client.post('/user/create-user', { userName: 'Tester', email, password: PASSWORD });
  if (created.status !== 201) throw new Error(`create-user answered ${created.status}`);
  return { client, email, userId: created.body.data._id as string };
}

/** A registered, verified and logged-in user. */
export async function verifiedUser() {
  const user = await register();
  await user.client.post('/user/create-email-verification', { email: user.email });
  const verified = await user.client.post(verifyPath(await verificationLinkFor(user.email)));
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  return user;
}

/** Opens /ws with these cookies (and headers); resolves the open socket or the refused upgrade's status. */
export function connectWebSocket(cookie?: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`, { headers: { ...headers, ...(cookie && { cookie }) } });
  return new Promise((resolve) => {
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('open', () => resolve(socket));
    socket.on('error', () => {});
  });
}

/** Sends `message` on an open socket and resolves the reply naming its action (a live push arriving first, e.g. a watched tournament's, is passed over). */
export function sendAndAwaitReply(socket: WebSocket, message: { action: string } & Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const reply = JSON.parse((data as Buffer).toString());
      if (reply.action !== message.action) return;
      socket.off('message', onMessage);
      resolve(reply);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify(message));
  });
}

/** Sends a join for `userId` (with any extra fields); resolves the server's answer. */
export const sendJoin = (socket: WebSocket, userId: string, extra: object = {}) => sendAndAwaitReply(socket, { action: 'join', userId, ...extra });
