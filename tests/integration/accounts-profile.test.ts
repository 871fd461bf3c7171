// Profile endpoints: get-by-id, update-user, update-password, update-avatar.
import { describe, expect, it } from 'vitest';
import { decode } from 'jpeg-js';
import { AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { AVATAR_STORED_MAX_BYTES } from '#functions/identity/avatar-image.ts';
import { jpegOf, METADATA_TEXTS, withMetadata } from '../helpers/images.ts';
import { baseUrl, newClient, PASSWORD, verifiedUser } from './accounts-flows.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function avatarForm(content: Buffer, filename = 'avatar.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('avatar', new Blob([new Uint8Array(content)], { type }), filename);
  return form;
}

describe('get-by-id', () => {
  it('answers public fields only, 400 for a malformed id and 404 for none', async () => {
    const { client, userId } = await verifiedUser();
    const other = await verifiedUser();
    const answer = await client.get(`/user/get-by-id/${other.userId}`);
    expect(answer.body.data).toEqual({ _id: other.userId, userName: 'Tester', avatar: null, trophy: 0, totalEarnings: 0, streak: 0, bestStreak: 0 });
    expect((await client.get('/user/get-by-id/not-an-id')).body).toEqual({ statusCode: 400, message: MSG.invalidId, success: false });
    expect((await client.get(`/user/get-by-id/${crypto.randomUUID()}`)).body).toEqual({ statusCode: 404, message: MSG.userNotFound, success: false });
    expect((await newClient().get(`/user/get-by-id/${userId}`)).status).toBe(401);
  });
});

describe('update-user', () => {
  it('renames after trimming and refuses names outside 3..30', async () => {
    const { client } = await verifiedUser();
    expect((await client.patch('/user/update-user', { userName: '  Kiran  ' })).body.data).toEqual({ userName: 'Kiran' });
    expect((await client.get('/user/current-user')).body.data.userName).toBe('Kiran');
    expect((await client.patch('/user/update-user', { userName: ' ab ' })).body.message).toBe(MSG.userNameTooShort);
    expect((await client.patch('/user/update-user', { userName: 'y'.repeat(31) })).body.message).toBe(MSG.userNameTooLong);
    expect((await client.get('/user/current-user')).body.data.userName).toBe('Kiran');
  });
});

describe('update-password', () => {
  it('answers 402 for a wrong current password', async () => {
    const { client } = await verifiedUser();
    const answer = await client.patch('/user/update-password', { currentPassword: 'wrong-password', newPassword: 'new-password-1' });
    expect(answer.body).toEqual({ statusCode: 402, message: MSG.incorrectPassword, success: false });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { client, email } = await verifiedUser();
    const otherDevice = newClient();
    await otherDevice.post('/user/login-user', { email, password: PASSWORD });

    const short = await client.patch('/user/update-password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.body.message).toBe(MSG.passwordTooShort);

    const changed = await client.patch('/user/update-password', { currentPassword: PASSWORD, newPassword: 'new-password-1' });
    expect(changed.status).toBe(200);
    expect((await client.get('/user/current-user')).status).toBe(200);
    expect((await otherDevice.get('/user/current-user')).status).toBe(401);
    expect((await newClient().post('/user/login-user', { email, password: PASSWORD })).status).toBe(402);
    expect((await newClient().post('/user/login-user', { email, password: 'new-password-1' })).status).toBe(200);
  });
});

describe('update-avatar', () => {
  it('stores a checked image under a new key each time and serves it', async () => {
    const { client, userId } = await verifiedUser();
    const sent = jpegOf(256, 256);
    const first = await client.patch('/user/update-avatar', avatarForm(sent));
    expect(first.status).toBe(200);
    const url: string = first.body.data.avatar;
    expect(url).toMatch(new RegExp(`/avatars/${userId}/[0-9a-f]+\\.jpg$`));
    const served = await fetch(new URL(url, baseUrl()));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(decode(Buffer.from(await served.arrayBuffer()), { useTArray: true })).toMatchObject({ width: 256, height: 256 });

    const second = await client.patch('/user/update-avatar', avatarForm(sent));
    expect(second.body.data.avatar).not.toBe(url);
    expect((await client.get('/user/current-user')).body.data.avatar).toBe(second.body.data.avatar);
  });

  it('stores a big photo sent straight to the API as what the crop dialog makes: at most 512x512, small, no metadata', async () => {
    const { client } = await verifiedUser();
    const sent = withMetadata(jpegOf(2000, 1500, { quality: 100 }));
    expect(sent.length).toBeGreaterThan(AVATAR_STORED_MAX_BYTES * 2);
    const answer = await client.patch('/user/update-avatar', avatarForm(sent, 'holiday.jpg'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = Buffer.from(await (await fetch(new URL(answer.body.data.avatar, baseUrl()))).arrayBuffer());
    expect(stored.length).toBeLessThanOrEqual(AVATAR_STORED_MAX_BYTES);
    expect(decode(stored, { useTArray: true })).toMatchObject({ width: 512, height: 384 });
    for (const text of METADATA_TEXTS) expect(stored.toString('latin1')).not.toContain(text);
  });

  it('refuses what is not a JPEG (a PNG, a GIF) whatever its name says, storing nothing', async () => {
    const { client } = await verifiedUser();
    for (const [content, name, type] of [[PNG_1X1, 'avatar.png', 'image/png'], [Buffer.from('GIF89a-not-allowed'), 'fake.jpg', 'image/jpeg']] as const) {
      const answer = await client.patch('/user/update-avatar', avatarForm(content, name, type));
      expect(answer.body, name).toEqual({ statusCode: 415, message: MSG.avatarBadType, success: false });
    }
    expect((await client.get('/user/current-user')).body.data.avatar).toBeNull();
  });

  it('refuses an image over 5 MB with the spec message', async () => {
    const { client } = await verifiedUser();
    const tooBig = Buffer.concat([jpegOf(8, 8), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const answer = await client.patch('/user/update-avatar', avatarForm(tooBig));
    expect(answer.body).toEqual({ statusCode: 413, message: MSG.avatarTooLarge, success: false });
  });

  it('needs an avatar file in a multipart body', async () => {
    const { client } = await verifiedUser();
    const form = new FormData();
    form.set('note', 'no file');
    expect((await client.patch('/user/update-avatar', form)).body).toEqual({ statusCode: 400, message: MSG.avatarRequired, success: false });
    expect((await client.patch('/user/update-avatar', {})).status).toBe(415);
  });
});
