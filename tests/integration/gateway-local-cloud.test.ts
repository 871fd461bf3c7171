// The harness itself: the real `npm start` cloud from the global setup, with the real handlers.
import { randomUUID } from 'node:crypto';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { localCredentials, LOCAL_REGION } from '../../infra/local/env.ts';
import { createClient } from '../helpers/api.ts';
import { extractLink, extractOtp, mailsTo, waitForMail } from '../helpers/mail.ts';

const baseUrl = inject('baseUrl');

/** The status the upgrade got: 101 when the socket opened. */
function upgradeStatus(headers: Record<string, string> = {}): Promise<number> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers });
  return new Promise((resolve) => {
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('error', () => {});
  });
}

describe('the local cloud started by the test harness', () => {
  it('serves the built SPA for any unknown path', async () => {
    const page = await fetch(`${baseUrl}/some/unknown/page`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const response = await createClient(baseUrl).get('/no/such/route');
    expect(response).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Not found', success: false } });
  });

  it('captures mail sent through the SES endpoint the functions use', async () => {
    const email = `${randomUUID()}@test.local`;
    const ses = new SESClient({ endpoint: `${baseUrl}/_local/ses`, region: LOCAL_REGION, credentials: localCredentials });
    for (const [subject, otp] of [['Older', '1111'], ['Your code', '4821']]) {
      await ses.send(
        new SendEmailCommand({
          Source: 'no-reply@betplaywin.local',
          Destination: { ToAddresses: [email] },
          Message: {
            Subject: { Data: subject },
            Body: {
              Text: { Data: `Your code is ${otp}. Open ${baseUrl}/auth/verify?token=t&code=c` },
              Html: { Data: `<p>Code ${otp}</p><a href="${baseUrl}/auth/verify?token=t&amp;code=c">Verify</a>` },
            },
          },
        }),
      );
    }
    ses.destroy();

    expect((await mailsTo(baseUrl, email.toUpperCase())).map((m) => m.subject)).toEqual(['Your code', 'Older']);
    const mail = await waitForMail(baseUrl, email, (m) => m.subject === 'Your code');
    expect(extractOtp(mail)).toBe('4821');
    expect(extractLink(mail, '/auth/verify')).toBe(`${baseUrl}/auth/verify?token=t&code=c`);
  });

  it('seeds the operator, whose session cookie opens the WebSocket; a forged one is refused', async () => {
    // Without a cookie the socket opens anonymous (it may only watch tournaments); a bad token is refused.
    expect(await upgradeStatus({ cookie: 'accessToken=forged.token.value' })).toBe(401);

    const api = createClient(baseUrl);
    const login = await api.post('/user/login-user', { email: 'admin@betplaywin.local', password: 'admin-password-123' });
    expect(login.status).toBe(200);
    const accessToken = api.cookies.get('accessToken');
    expect(accessToken).toBeTruthy();
    expect(await upgradeStatus({ cookie: `accessToken=${accessToken}` })).toBe(101);
  });
});
