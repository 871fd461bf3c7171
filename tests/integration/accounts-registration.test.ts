// Registration, email verification and login, through the local gateway.
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { WELCOME_COINS } from '#shared/constants.ts';
import { mailsToUser, newClient, PASSWORD, register, uniqueEmail, verificationLinkFor, verifiedUser, verifyPath } from './accounts-flows.ts';

describe('create-user', () => {
  it('registers from JSON with a normalised email (201) and refuses the same email once verified (401)', async () => {
    const client = newClient();
    const email = uniqueEmail();
    const created = await client.post('/user/create-user', { userName: ' Asha ', email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ statusCode: 201, success: true, data: { userName: 'Asha', email } });
    await client.post('/user/create-email-verification', { email });
    expect((await client.post(verifyPath(await verificationLinkFor(email)))).status).toBe(200);

    const again = await client.post('/user/create-user', { userName: 'Other', email, password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ statusCode: 401, message: MSG.userAlreadyRegistered, success: false });
  });

  it('registers from multipart, as the spec sends it', async () => {
    const form = new FormData();
    form.set('userName', 'Multi');
    form.set('email', uniqueEmail());
    form.set('password', PASSWORD);
    expect((await newClient().post('/user/create-user', form)).status).toBe(201);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const client = newClient();
    const email = uniqueEmail();
    const cases: [object, string][] = [
      [{ email, password: PASSWORD }, MSG.allFieldsRequired],
      [{ userName: 'ab', email, password: PASSWORD }, MSG.userNameTooShort],
      [{ userName: 'x'.repeat(31), email, password: PASSWORD }, MSG.userNameTooLong],
      [{ userName: 'Asha', email: 'nope', password: PASSWORD }, MSG.invalidEmail],
      [{ userName: 'Asha', email, password: '1234567' }, MSG.passwordTooShort],
    ];
    for (const [json, message] of cases) {
      const answer = await client.post('/user/create-user', json);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: 400, message, success: false });
    }
    // Nothing was written: the email is still free.
    expect((await client.post('/user/create-user', { userName: 'Asha', email, password: PASSWORD })).status).toBe(201);
  });
});

describe('email verification', () => {
  it('mails a link, reports it pending, and verifies + grants the welcome coins once + logs in', async () => {
    const { client, email } = await register();
    expect((await client.get(`/user/check-otp-creation?email=${encodeURIComponent(email)}`)).body.data).toEqual({ isOtpGenerated: false, isVerified: false });

    const requested = await client.post('/user/create-email-verification', { email });
    expect(requested.status).toBe(200);
    const link = await verificationLinkFor(email);
    expect(link.pathname).toBe('/auth/verify');
    expect((await client.get(`/user/check-otp-creation?email=${encodeURIComponent(email)}`)).body.data).toEqual({ isOtpGenerated: true, isVerified: false });

    const verified = await client.post(verifyPath(link));
    expect(verified.status).toBe(200);
    expect(verified.setCookies.some((c) => c.startsWith('accessToken='))).toBe(true);
    expect(verified.setCookies.some((c) => c.startsWith('refreshToken='))).toBe(true);

    const me = await client.get('/user/current-user');
    expect(me.body.data).toMatchObject({ email, walletBalance: WELCOME_COINS, inboxCount: 1, role: 'user' });

    // The link is single use, and the grant happened once.
    const reused = await newClient().post(verifyPath(link));
    expect(reused.status).toBe(402);
    expect(reused.body.message).toBe(MSG.invalidRequest);
    expect((await client.get('/user/current-user')).body.data.walletBalance).toBe(WELCOME_COINS);
    expect((await client.get(`/user/check-otp-creation?email=${encodeURIComponent(email)}`)).body.data).toEqual({ isOtpGenerated: false, isVerified: true });
  });

  it('answers 402 for a wrong code or a forged token', async () => {
    const { client, email } = await register();
    await client.post('/user/create-email-verification', { email });
    const link = await verificationLinkFor(email);
    const wrongCode = `/user/verify-email?${new URLSearchParams({ token: link.searchParams.get('token')!, otpCode: 'wrong-code' })}`;
    expect((await client.post(wrongCode)).body).toEqual({ statusCode: 402, message: MSG.invalidRequest, success: false });
    const forged = `/user/verify-email?${new URLSearchParams({ token: 'a.b.c', otpCode: link.searchParams.get('code')! })}`;
    expect((await client.post(forged)).status).toBe(402);
    expect((await client.post('/user/verify-email')).status).toBe(400);
    // The right code still works after one wrong try.
    expect((await client.post(verifyPath(link))).status).toBe(200);
  });

  it('answers 200 for an unknown email without sending anything', async () => {
    const email = uniqueEmail();
    expect((await newClient().post('/user/create-email-verification', { email })).status).toBe(200);
    expect(await mailsToUser(email)).toEqual([]);
  });

  it('check-otp-creation needs an email', async () => {
    expect((await newClient().get('/user/check-otp-creation')).body).toEqual({ statusCode: 400, message: MSG.emailRequired, success: false });
  });

  it('limits verification mails per email', async () => {
    const { client, email } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/user/create-email-verification', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailsToUser(email)).toHaveLength(5);
  });
});

describe('login-user', () => {
  it('answers 403 for an unknown email and 402 for a wrong password', async () => {
    const unknown = await newClient().post('/user/login-user', { email: uniqueEmail(), password: PASSWORD });
    expect(unknown.body).toEqual({ statusCode: 403, message: MSG.userNotRegistered, success: false });
    const { email } = await verifiedUser();
    const wrong = await newClient().post('/user/login-user', { email, password: 'wrong-password' });
    expect(wrong.body).toEqual({ statusCode: 402, message: MSG.incorrectPassword, success: false });
  });

  it('answers 409 when the password is right but the email is not verified', async () => {
    const { email } = await register();
    const answer = await newClient().post('/user/login-user', { email, password: PASSWORD });
    expect(answer.body).toEqual({ statusCode: 409, message: MSG.emailNotVerified, success: false });
    expect(answer.setCookies).toEqual([]);
  });

  it('logs in with a differently spelled email and sets both session cookies and the device cookie', async () => {
    const { email } = await verifiedUser();
    const client = newClient();
    const answer = await client.post('/user/login-user', { email: ` ${email.toUpperCase()}`, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.setCookies).toEqual([
      expect.stringMatching(/^accessToken=[^;]+; HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=\d+$/),
      expect.stringMatching(/^refreshToken=[^;]+; HttpOnly; Secure; SameSite=Strict; Path=\/api\/v1\/user\/refresh-token; Max-Age=\d+$/),
      expect.stringMatching(/^deviceToken=[^;]+; HttpOnly; Secure; SameSite=Strict; Path=\/api\/v1\/user; Max-Age=\d+$/),
    ]);
    expect((await client.get('/user/check-auth')).body.data).toEqual({ isAuthenticated: true });
  });

  it('throttles an account after 5 failures, even for the right password', async () => {
    const { email } = await verifiedUser();
    const client = newClient();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/user/login-user', { email, password: 'wrong-password' })).status).toBe(402);
    }
    const locked = await client.post('/user/login-user', { email, password: PASSWORD });
    expect(locked.body).toEqual({ statusCode: 429, message: MSG.tooManyLogins, success: false });
  });

  it('asks for email and password', async () => {
    expect((await newClient().post('/user/login-user', {})).body.message).toBe(MSG.emailPasswordRequired);
  });
});
