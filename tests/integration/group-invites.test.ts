// Issue 22, the student's invite: the public look-up of an invite link (a group's name and size, never its
// members), an invite kept with the registration on the server so that the first sign-in joins it in any
// browser (once; a void invite is dropped), and the verify page's "already verified" answer.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, PASSWORD, resetOtpFor, uniqueEmail, verificationLinkFor, verifiedUser, verifyPath } from './accounts-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;

async function groupOf(creator: User, name: string) {
  const created = await creator.client.post('/group/create-group', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { groupId: string; inviteCode: string };
}

const preview = (inviteCode: string) => newClient().get(`/group/invite/${encodeURIComponent(inviteCode)}`);
const myGroupIds = async (client: ApiClient) => ((await client.get('/group/my-groups')).body.data as { groupId: string }[]).map((g) => g.groupId);
const login = (client: ApiClient, email: string) => client.post('/user/login-user', { email, password: PASSWORD });
const otpState = (email: string) => newClient().get(`/user/check-otp-creation?email=${encodeURIComponent(email)}`);

/** Registers in the browser `client` from an invite and has the verification link mailed. */
async function registerFrom(inviteCode: string | undefined, client = newClient(), email = uniqueEmail()) {
  const created = await client.post('/user/create-user', { userName: 'Invitee', email, password: PASSWORD, ...(inviteCode && { inviteCode }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await client.post('/user/create-email-verification', { email })).status).toBe(200);
  return { client, email, link: await verificationLinkFor(email) };
}

describe('the invite page\'s public look-up', () => {
  it('names the group and counts its members, for anyone, and nothing of its members', async () => {
    const creator = await verifiedUser();
    const { inviteCode } = await groupOf(creator, 'Tapti Hostel');
    const friend = await verifiedUser();
    expect((await friend.client.post('/group/join', { inviteCode })).status).toBe(200);

    const answer = await preview(inviteCode);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ name: 'Tapti Hostel', memberCount: 2 });
    expect(JSON.stringify(answer.body)).not.toContain(creator.userId);
  });

  it('answers 404 for a rotated or unknown code and 400 for a malformed one', async () => {
    const creator = await verifiedUser();
    const { groupId, inviteCode } = await groupOf(creator, 'Narmada Wing');
    expect((await creator.client.post('/group/rotate-invite', { groupId })).status).toBe(200);
    expect((await preview(inviteCode)).body).toEqual({ statusCode: 404, message: MSG.inviteInvalid, success: false });
    expect((await preview('A'.repeat(22))).status).toBe(404);
    expect((await preview('not a code')).body).toEqual({ statusCode: 400, message: MSG.inviteInvalid, success: false });
  });
});

describe('an invite kept with the registration', () => {
  it('registered in one browser, verified in another: the first login (in either) joins the group, once', async () => {
    const creator = await verifiedUser();
    const { groupId, inviteCode } = await groupOf(creator, 'Tapti Hostel');
    const { email, link } = await registerFrom(inviteCode);

    // The link opened in a second browser: verified, not signed in, and told which group the login joins.
    const chrome = newClient();
    const verified = await chrome.post(verifyPath(link));
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ signedIn: false, pendingGroup: 'Tapti Hostel' });
    expect((await preview(inviteCode)).body.data.memberCount).toBe(1);

    const first = await login(chrome, email);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ joinedGroup: { groupId, name: 'Tapti Hostel' } });
    expect(await myGroupIds(chrome)).toEqual([groupId]);
    expect((await preview(inviteCode)).body.data.memberCount).toBe(2);

    // Taken once: a later login joins nothing, and a group left is not joined again.
    expect((await chrome.post('/group/leave', { groupId })).status).toBe(200);
    const again = await login(newClient(), email);
    expect(again.body.data).toEqual({ joinedGroup: null });
    expect(await myGroupIds(chrome)).toEqual([]);
  });

  it('verified in the browser that registered: that sign-in joins the group and answers it', async () => {
    const creator = await verifiedUser();
    const { groupId, inviteCode } = await groupOf(creator, 'Kaveri Block');
    const { client, email, link } = await registerFrom(inviteCode);
    const verified = await client.post(verifyPath(link));
    expect(verified.body.data).toEqual({ signedIn: true, joinedGroup: { groupId, name: 'Kaveri Block' } });
    expect(await myGroupIds(client)).toEqual([groupId]);
    expect((await login(newClient(), email)).body.data).toEqual({ joinedGroup: null });
  });

  it('drops an invite rotated since, and the login still works', async () => {
    const creator = await verifiedUser();
    const { groupId, inviteCode } = await groupOf(creator, 'Godavari House');
    const { email, link } = await registerFrom(inviteCode);
    expect((await creator.client.post('/group/rotate-invite', { groupId })).status).toBe(200);
    const verified = await newClient().post(verifyPath(link));
    expect(verified.body.data).toEqual({ signedIn: false });
    const client = newClient();
    const first = await login(client, email);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ joinedGroup: null });
    expect(await myGroupIds(client)).toEqual([]);
  });

  it('registering again without the invite drops it; a malformed code is refused and nothing is written', async () => {
    const creator = await verifiedUser();
    const { inviteCode } = await groupOf(creator, 'Yamuna Hall');
    const email = uniqueEmail();
    const refused = await newClient().post('/user/create-user', { userName: 'Invitee', email, password: PASSWORD, inviteCode: 'not a code' });
    expect(refused.body).toEqual({ statusCode: 400, message: MSG.inviteInvalid, success: false });
    expect((await otpState(email)).body.data).toEqual({ isOtpGenerated: false, isVerified: false });

    await registerFrom(inviteCode, newClient(), email);
    const { client, link } = await registerFrom(undefined, newClient(), email);
    expect((await client.post(verifyPath(link))).body.data).toEqual({ signedIn: true });
    expect(await myGroupIds(client)).toEqual([]);
  });

  it('a password reset drops the invite: whoever reset may not be whoever registered', async () => {
    const creator = await verifiedUser();
    const { inviteCode } = await groupOf(creator, 'Krishna Hall');
    const { email, link } = await registerFrom(inviteCode);
    expect((await newClient().post(verifyPath(link))).status).toBe(200);
    const owner = newClient();
    expect((await owner.post('/user/create-otp', { email, subject: 'Reset', type: 'reset-password' })).status).toBe(200);
    const otpCode = await resetOtpFor(email);
    expect((await owner.patch('/user/reset-password', { email, otpCode, password: PASSWORD })).status).toBe(200);
    expect((await login(newClient(), email)).body.data).toEqual({ joinedGroup: null });
    expect(await myGroupIds(owner)).toEqual([]);
  });
});

describe('the check-your-inbox page\'s question', () => {
  it('tells a link that was used (in any browser) from one that expired', async () => {
    const { email, link } = await registerFrom(undefined);
    expect((await otpState(email)).body.data).toEqual({ isOtpGenerated: true, isVerified: false });
    expect((await newClient().post(verifyPath(link))).status).toBe(200);
    expect((await otpState(email)).body.data).toEqual({ isOtpGenerated: false, isVerified: true });
    expect((await otpState(`${randomUUID()}@test.local`)).body.data).toEqual({ isOtpGenerated: false, isVerified: false });
  });
});
