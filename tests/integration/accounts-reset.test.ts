// Password reset with the mailed 4-digit OTP: create-otp, check-otp, reset-password.
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { extractOtp, waitForMail } from '../helpers/mail.ts';
import { baseUrl, newClient, resetOtpFor, uniqueEmail, verifiedUser } from './accounts-flows.ts';

const wrongOtp = (otp: string) => String((Number(otp) + 1) % 10000).padStart(4, '0');

async function userWithOtp() {
  const user = await verifiedUser();
  const requested = await newClient().post('/user/create-otp', { email: user.email, subject: 'Reset password', type: 'reset-password' });
  expect(requested.status).toBe(200);
  return { ...user, otp: await resetOtpFor(user.email) };
}

describe('create-otp', () => {
  it('answers 403 for an unknown email', async () => {
    const answer = await newClient().post('/user/create-otp', { email: uniqueEmail(), subject: 'x', type: 'reset-password' });
    expect(answer.body).toEqual({ statusCode: 403, message: MSG.userNotRegistered, success: false });
  });

  it('mails a 4-digit OTP', async () => {
    const { otp } = await userWithOtp();
    expect(otp).toMatch(/^\d{4}$/);
  });
});

describe('check-otp', () => {
  it('answers 200 for the right OTP, 402 for a wrong one, 403 when there is none', async () => {
    const { email, otp } = await userWithOtp();
    const client = newClient();
    expect((await client.post('/user/check-otp', { email, otpCode: wrongOtp(otp) })).body).toEqual({ statusCode: 402, message: MSG.otpNotValid, success: false });
    expect((await client.post('/user/check-otp', { email, otpCode: otp })).status).toBe(200);
    const none = await client.post('/user/check-otp', { email: uniqueEmail(), otpCode: otp });
    expect(none.body).toEqual({ statusCode: 403, message: MSG.otpNotValid, success: false });
  });

  it('says the code is used up at the 5th wrong try and after it, even for the right OTP (429), until a new code', async () => {
    const { email, otp } = await userWithOtp();
    const client = newClient();
    for (let i = 0; i < 4; i++) expect((await client.post('/user/check-otp', { email, otpCode: wrongOtp(otp) })).status).toBe(402);
    const usedUp = { statusCode: 429, message: MSG.tooManyTries, success: false };
    expect((await client.post('/user/check-otp', { email, otpCode: wrongOtp(otp) })).body).toEqual(usedUp);
    expect((await client.post('/user/check-otp', { email, otpCode: otp })).body).toEqual(usedUp);
    expect((await client.patch('/user/reset-password', { email, otpCode: otp, password: 'new-password-1' })).body).toEqual(usedUp);

    const askedAt = new Date().toISOString();
    expect((await client.post('/user/create-otp', { email, subject: 'Reset password', type: 'reset-password' })).status).toBe(200);
    const fresh = extractOtp(await waitForMail(baseUrl(), email, (mail) => mail.subject.includes('reset') && mail.sentAt >= askedAt));
    expect((await client.post('/user/check-otp', { email, otpCode: fresh })).status).toBe(200);
  });
});

describe('reset-password', () => {
  it('answers 402/403 Invalid otp for a wrong or missing OTP and changes nothing', async () => {
    const { email, otp } = await userWithOtp();
    const client = newClient();
    const wrong = await client.patch('/user/reset-password', { email, otpCode: wrongOtp(otp), password: 'new-password-1' });
    expect(wrong.body).toEqual({ statusCode: 402, message: MSG.invalidOtp, success: false });
    const none = await client.patch('/user/reset-password', { email: uniqueEmail(), otpCode: otp, password: 'new-password-1' });
    expect(none.body).toEqual({ statusCode: 403, message: MSG.invalidOtp, success: false });
    expect((await client.post('/user/login-user', { email, password: 'new-password-1' })).status).toBe(402);
  });

  it('sets the new password, consumes the OTP and ends every session', async () => {
    const { client: loggedIn, email, otp } = await userWithOtp();
    const client = newClient();
    const short = await client.patch('/user/reset-password', { email, otpCode: otp, password: 'short' });
    expect(short.body.message).toBe(MSG.passwordTooShort);

    const reset = await client.patch('/user/reset-password', { email, otpCode: otp, password: 'new-password-1' });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ signedIn: true });
    expect((await loggedIn.get('/user/current-user')).status).toBe(401);
    // The browser that reset is signed in (spec: the user goes home), with a session like a login's.
    expect((await client.get('/user/current-user')).body.data.email).toBe(email);
    expect((await client.get('/user/refresh-token')).status).toBe(200);
    expect((await client.get('/user/current-user')).status).toBe(200);
    expect((await client.patch('/user/reset-password', { email, otpCode: otp, password: 'another-pass-2' })).status).toBe(403);
    expect((await client.post('/user/login-user', { email, password: 'new-password-1' })).status).toBe(200);
  });
});
