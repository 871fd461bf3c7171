import { describe, expect, it } from 'vitest';
import { plannedUpdates, type ProfileForm } from './profile-updates.ts';

const untouched: ProfileForm = { userName: 'Asha', avatar: null, oldPassword: '', newPassword: '' };

describe('plannedUpdates', () => {
  it('runs nothing for an untouched form', () => {
    expect(plannedUpdates(untouched, 'Asha')).toEqual([]);
  });

  it('updates the name only when longer than 1 character and changed', () => {
    expect(plannedUpdates({ ...untouched, userName: 'Asha K' }, 'Asha')).toEqual(['userName']);
    expect(plannedUpdates({ ...untouched, userName: 'A' }, 'Asha')).toEqual([]);
    expect(plannedUpdates({ ...untouched, userName: ' Asha ' }, 'Asha')).toEqual([]);
  });

  it('updates the password only when both fields are filled', () => {
    expect(plannedUpdates({ ...untouched, oldPassword: 'old-secret' }, 'Asha')).toEqual([]);
    expect(plannedUpdates({ ...untouched, oldPassword: 'old-secret', newPassword: 'new-secret' }, 'Asha')).toEqual([
      'password',
    ]);
  });

  it('keeps the order name, avatar, password', () => {
    const avatar = new File([new Uint8Array([1])], 'a.jpg', { type: 'image/jpeg' });
    const form = { userName: 'Asha K', avatar, oldPassword: 'a-secret', newPassword: 'b-secret' };
    expect(plannedUpdates(form, 'Asha')).toEqual(['userName', 'avatar', 'password']);
  });
});
