// Account attacks of issue 11 (items 6-10), through the local gateway: guessing the current password
// through update-password, locking the owner out with wrong logins, registering someone else's email,
// huge passwords, and user names that show nothing or disguise themselves.
import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES, PASSWORD_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, PASSWORD, resetOtpFor, uniqueEmail, verificationLinkFor, verifiedUser, verifyPath } from './accounts-flows.ts';

const loginAs = (client: ApiClient, email: string, password: string) => client.post('/user/login-user', { email, password });
const changePassword = (client: ApiClient, currentPassword: string) =>
  client.patch('/user/update-password', { currentPassword, newPassword: 'changed-password-1' });
const throttled = { statusCode: 429, message: MSG.tooManyLogins, success: false };

/** A verified account and a browser that logged in to it (so it holds a device cookie). */
async function ownerWithDevice() {
  const { email, userId } = await verifiedUser();
  const device = newClient();
  const login = await loginAs(device, email, PASSWORD);
  expect(login.status).toBe(200);
  return { email, userId, device };
}

describe('item 6: update-password is throttled like login', () => {
  it(`answers 429 after ${LOGIN_MAX_FAILURES} wrong current passwords, even to the right one, and the password stays`, async () => {
    // The browser that registered and verified: its link signed it in and gave it a device cookie.
    const { client: device, email } = await verifiedUser();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await changePassword(device, `wrong-password-${i}`)).body).toEqual({ statusCode: 402, message: MSG.incorrectPassword, success: false });
    }
    expect((await changePassword(device, PASSWORD)).body).toEqual({ statusCode: 429, message: MSG.tooManyPasswordTries, success: false });
    // The failures were this device's: its logins are locked too, another browser's are not.
    expect((await loginAs(device, email, PASSWORD)).body).toEqual(throttled);
    expect((await loginAs(newClient(), email, PASSWORD)).status).toBe(200);
  });

  it('counts a stolen session without the device cookie against the account: it cannot guess on', async () => {
    const { email, device } = await ownerWithDevice();
    const thief = newClient();
    thief.cookies.set('accessToken', device.cookies.get('accessToken')!);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => changePassword(thief, `guess-${i}`)));
    expect(guesses.filter((g) => g.status === 402).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(guesses.every((g) => g.status === 402 || g.status === 429)).toBe(true);
    expect((await changePassword(thief, PASSWORD)).status).toBe(429);
    expect((await loginAs(newClient(), email, PASSWORD)).body).toEqual(throttled);
    // The owner's own browser is not locked out by the thief's guesses.
    expect((await changePassword(device, PASSWORD)).status).toBe(200);
  });
});

describe("item 7: strangers cannot lock the owner's browser out", () => {
  it("a known device logs in while strangers' failures lock out every other browser", async () => {
    const { email, device } = await ownerWithDevice();
    const strangers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginAs(newClient(), email, `stranger-guess-${i}`)));
    expect(strangers.filter((s) => s.status === 402).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(strangers.every((s) => s.status === 402 || s.status === 429)).toBe(true);
    expect((await loginAs(newClient(), email, PASSWORD)).body).toEqual(throttled);

    const owner = await loginAs(device, email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.setCookies.some((c) => c.startsWith('accessToken='))).toBe(true);
  });

  it(`a device cookie that fails ${LOGIN_MAX_FAILURES} times is itself locked, and only it`, async () => {
    const { email, device } = await ownerWithDevice();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginAs(device, email, `typo-${i}`)).status).toBe(402);
    expect((await loginAs(device, email, PASSWORD)).body).toEqual(throttled);
    expect((await loginAs(newClient(), email, PASSWORD)).status).toBe(200);
  });

  it("another user's device cookie, a forged one or junk count as strangers", async () => {
    const { email, device } = await ownerWithDevice();
    const other = await ownerWithDevice();
    const holding = (token: string) => {
      const client = newClient();
      client.cookies.set('deviceToken', token, '/api/v1/user');
      return client;
    };
    const othersDevice = holding(other.device.cookies.get('deviceToken')!);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginAs(othersDevice, email, `guess-${i}`)).status).toBe(402);
    // Those failures were the account's untrusted ones: every browser without the owner's cookie is locked out.
    const forged = `${device.cookies.get('deviceToken')!.slice(0, -4)}AAAA`;
    for (const client of [othersDevice, holding(forged), holding('junk'), newClient()]) {
      expect((await loginAs(client, email, PASSWORD)).body).toEqual(throttled);
    }
    expect((await loginAs(device, email, PASSWORD)).status).toBe(200);
    // The other user's own device was never charged.
    expect((await loginAs(other.device, other.email, PASSWORD)).status).toBe(200);
  });
});

describe("item 8: registering someone else's email gives no way in", () => {
  it('the link verifies in another browser but signs in only the browser that registered', async () => {
    const email = uniqueEmail();
    const attacker = newClient();
    expect((await attacker.post('/user/create-user', { userName: 'Mallory', email, password: 'attacker-password-1' })).status).toBe(201);
    await attacker.post('/user/create-email-verification', { email });

    const victim = newClient();
    const verified = await victim.post(verifyPath(await verificationLinkFor(email)));
    expect(verified.body).toEqual({ statusCode: 200, data: { signedIn: false }, message: 'Email verified. Log in to continue', success: true });
    expect(verified.setCookies).toEqual([]);
    expect((await victim.get('/user/check-auth')).body.data).toEqual({ isAuthenticated: false });
    // Verified all the same: the owner resets the password, which ends anything the attacker opened.
    expect((await newClient().post('/user/create-otp', { email, subject: 'Reset', type: 'reset-password' })).status).toBe(200);
    const otp = await resetOtpFor(email);
    expect((await victim.patch('/user/reset-password', { email, otpCode: otp, password: 'victim-password-1' })).status).toBe(200);
    expect((await loginAs(victim, email, 'victim-password-1')).status).toBe(200);
    expect((await victim.get('/user/current-user')).body.data).toMatchObject({ email, walletBalance: 1000 });
  });

  it('the browser that registered is signed in by the link and its registration cookie is deleted', async () => {
    const client = newClient();
    const email = uniqueEmail();
    const created = await client.post('/user/create-user', { userName: 'Asha', email, password: PASSWORD });
    expect(created.setCookies).toEqual([expect.stringMatching(/^registration=[^;]+; HttpOnly; Secure; SameSite=Strict; Path=\/api\/v1\/user\/verify-email; Max-Age=\d+$/)]);
    await client.post('/user/create-email-verification', { email });
    const verified = await client.post(verifyPath(await verificationLinkFor(email)));
    expect(verified.body.data).toEqual({ signedIn: true });
    expect(verified.setCookies.map((c) => c.split('=')[0])).toEqual(['accessToken', 'refreshToken', 'deviceToken', 'registration']);
    expect(verified.setCookies.at(-1)).toMatch(/^registration=; .*Max-Age=0$/);
    expect((await client.get('/user/check-auth')).body.data).toEqual({ isAuthenticated: true });
  });

  it("a new registration of a still-unverified email replaces the earlier one: its password, links and cookie die", async () => {
    const email = uniqueEmail();
    const attacker = newClient();
    expect((await attacker.post('/user/create-user', { userName: 'Mallory', email, password: 'attacker-password-1' })).status).toBe(201);
    await attacker.post('/user/create-email-verification', { email });
    const attackersLink = await verificationLinkFor(email);

    const owner = newClient();
    const again = await owner.post('/user/create-user', { userName: 'Owner', email, password: 'owner-password-1' });
    expect(again.status).toBe(201);
    expect((await attacker.post(verifyPath(attackersLink))).status).toBe(402);

    expect((await owner.post('/user/create-email-verification', { email })).status).toBe(200);
    const ownersLink = await verificationLinkFor(email);
    expect(ownersLink.href).not.toBe(attackersLink.href);
    // Even with the new link, the earlier registration's browser is not signed in.
    const stolen = await attacker.post(verifyPath(ownersLink));
    expect(stolen.body.data).toEqual({ signedIn: false });
    expect(stolen.setCookies).toEqual([]);

    expect((await loginAs(newClient(), email, 'attacker-password-1')).status).toBe(402);
    const ownerLogin = newClient();
    expect((await loginAs(ownerLogin, email, 'owner-password-1')).status).toBe(200);
    expect((await ownerLogin.get('/user/current-user')).body.data).toMatchObject({ userName: 'Owner', email });
    // Once verified, the email is taken.
    expect((await newClient().post('/user/create-user', { userName: 'Late', email, password: 'late-password-1' })).body).toEqual({ statusCode: 401, message: MSG.userAlreadyRegistered, success: false });
  });
});

describe('item 9: passwords have a length cap, checked before normalisation or hashing', () => {
  // U+FDFA grows 18-fold under NFKC: 2 million of them (6 MB of JSON) would be 36 million characters to hash.
  const huge = '\uFDFA'.repeat(2_000_000);
  const tooLong = { statusCode: 400, message: MSG.passwordTooLong, success: false };

  it(`accepts ${PASSWORD_MAX_LENGTH} characters and refuses one more, on every call that takes a password`, async () => {
    const atCap = 'p'.repeat(PASSWORD_MAX_LENGTH);
    expect((await newClient().post('/user/create-user', { userName: 'Long', email: uniqueEmail(), password: `${atCap}p` })).body).toEqual(tooLong);
    expect((await newClient().post('/user/create-user', { userName: 'Long', email: uniqueEmail(), password: atCap })).status).toBe(201);

    const { client: user, email: userEmail } = await verifiedUser();
    for (const password of [`${atCap}p`, huge]) {
      const started = Date.now();
      expect((await loginAs(newClient(), userEmail, password)).body).toEqual(tooLong);
      expect((await user.patch('/user/update-password', { currentPassword: password, newPassword: 'new-password-1' })).body).toEqual(tooLong);
      expect((await user.patch('/user/update-password', { currentPassword: PASSWORD, newPassword: password })).body).toEqual(tooLong);
      expect((await newClient().patch('/user/reset-password', { email: userEmail, otpCode: '1234', password })).body).toEqual(tooLong);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    // None of them counted as a failed login.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginAs(newClient(), userEmail, huge)).status).toBe(400);
    expect((await loginAs(newClient(), userEmail, PASSWORD)).status).toBe(200);
  });
});

describe('item 10: user names are visible text', () => {
  const hidden: [string, string][] = [
    ['zero-width space', 'As\u200Bha'],
    ['zero-width joiner', 'As\u200Dha'],
    ['right-to-left override', '\u202EAsha'],
    ['left-to-right mark', 'Asha\u200E'],
    ['soft hyphen', 'A\u00ADsha'],
    ['word joiner', 'As\u2060ha'],
    ['byte order mark', 'As\uFEFFha'],
    ['line separator', 'Asha\u2028Admin'],
    ['paragraph separator', 'Asha\u2029Admin'],
    ['Hangul filler', '\u3164\u3164\u3164'],
    ['halfwidth Hangul filler', 'Asha\uFFA0'],
    ['Hangul choseong filler', '\u115F\u115F\u115F'],
  ];
  const notVisible: [string, string][] = [
    ['blank Braille patterns', '\u2800\u2800\u2800'],
    ['combining grapheme joiners between spaces', ' \u034F \u034F \u034F '],
    ['variation selectors', '\uFE0F\uFE0F\uFE0F'],
  ];

  it('refuses them on registration and on rename, in the server, writing nothing', async () => {
    const { client } = await verifiedUser();
    for (const [label, userName] of [...hidden, ...notVisible]) {
      const message = hidden.some(([, name]) => name === userName) ? MSG.userNameHiddenCharacters : MSG.userNameNotVisible;
      const email = uniqueEmail();
      expect((await newClient().post('/user/create-user', { userName, email, password: PASSWORD })).body, label).toEqual({ statusCode: 400, message, success: false });
      expect((await newClient().post('/user/login-user', { email, password: PASSWORD })).status, label).toBe(403);
      expect((await client.patch('/user/update-user', { userName })).body, label).toEqual({ statusCode: 400, message, success: false });
    }
    expect((await client.get('/user/current-user')).body.data.userName).toBe('Tester');
  });

  it('accepts names in any script, with accents and emoji', async () => {
    const { client } = await verifiedUser();
    for (const userName of ['Ásha Rāo', 'आशा', '김하나', 'Zoë 🎉', "O'Brien-Smith"]) {
      expect((await client.patch('/user/update-user', { userName })).status, userName).toBe(200);
    }
  });
});
