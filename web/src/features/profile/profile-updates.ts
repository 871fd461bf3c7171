// Which of the three independent profile updates a Save runs (spec §4, §5), in their fixed order.

export interface ProfileForm {
  userName: string;
  avatar: File | null;
  oldPassword: string;
  newPassword: string;
}

export type ProfileUpdate = 'userName' | 'avatar' | 'password';

export function plannedUpdates(form: ProfileForm, currentUserName: string): ProfileUpdate[] {
  const updates: ProfileUpdate[] = [];
  const userName = form.userName.trim();
  if (userName.length > 1 && userName !== currentUserName) updates.push('userName');
  if (form.avatar) updates.push('avatar');
  if (form.oldPassword && form.newPassword) updates.push('password');
  return updates;
}
