import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { newPasswordProblem, userNameProblem } from '#shared/account-rules.ts';
import { AVATAR_MAX_BYTES, PASSWORD_MIN_LENGTH, USER_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Button } from '../../components/button.tsx';
import { CameraIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { PasswordField, TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { PATHS } from '../../lib/paths.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { logoutUser } from '../../lib/session/logout-user.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { updateAvatar } from './api/update-avatar.ts';
import { updatePassword } from './api/update-password.ts';
import { updateUserName } from './api/update-user.ts';
import { cropToJpeg, type PixelArea } from './crop-image.ts';
import { plannedUpdates } from './profile-updates.ts';
import './profile.css';

// The crop dialog and its cropper (react-easy-crop) are most of this page's code and only needed once a
// photo is picked: they load then (starting already at the tap on "Change avatar", while the system's
// file picker is open).
const cropDialog = onDemand(() => import('./avatar-crop-dialog.tsx'));
const preloadCropDialog = () => void cropDialog.preload().catch(() => {});

/** A picked or cropped image and an object URL that shows it. */
interface ShownFile {
  file: File;
  url: string;
}

/**
 * A file held with an object URL for it: the URL is made when the file is set (an event) and revoked
 * when another file replaces it or the page closes.
 */
function useShownFile() {
  const [shown, setShown] = useState<ShownFile | null>(null);
  useEffect(() => {
    if (!shown) return;
    return () => URL.revokeObjectURL(shown.url);
  }, [shown]);
  const show = useCallback((file: File | null) => setShown(file && { file, url: URL.createObjectURL(file) }), []);
  return [shown, show] as const;
}

export default function EditProfilePage() {
  const { currentUser, refreshCurrentUser } = useSession();
  const [userName, setUserName] = useState<string | null>(null);
  const [chosenImage, setChosenImage] = useShownFile();
  const [avatar, setAvatar] = useShownFile();
  const [cropping, setCropping] = useState(false);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const AvatarCropDialog = cropDialog.useModule(chosenImage !== null, () => setChosenImage(null))?.AvatarCropDialog;

  if (!currentUser) return <LoadingBlock label="Loading your profile" />;
  const shownUserName = userName ?? currentUser.userName;

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires change
    if (!file) return;
    // Any picture the browser can show will do: the crop dialog turns it into the JPEG the server takes.
    if (!file.type.startsWith('image/')) {
      toast.short.warning(MSG.avatarRequired);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.short.warning(MSG.avatarTooLarge);
      return;
    }
    setChosenImage(file);
  };

  const crop = async (area: PixelArea) => {
    if (!chosenImage) return;
    setCropping(true);
    try {
      setAvatar(await cropToJpeg(chosenImage.url, area, chosenImage.file.name));
      setChosenImage(null);
    } catch {
      toast.short.error(MSG.profileUpdateFailed);
    } finally {
      setCropping(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const form = { userName: shownUserName, avatar: avatar?.file ?? null, oldPassword, newPassword };
    const updates = plannedUpdates(form, currentUser.userName);
    if (updates.length === 0) {
      toast.short.info('Nothing to save yet');
      return;
    }
    setSaving(true);
    // Three independent updates in the spec's order: one failing does not stop the others.
    const nameProblem = updates.includes('userName') && userNameProblem(form.userName.trim());
    if (nameProblem) {
      toast.short.warning(nameProblem);
    } else if (updates.includes('userName')) {
      try {
        await updateUserName(form.userName.trim());
        toast.short.success(MSG.profileUpdated);
      } catch {
        toast.short.error(MSG.userNameUpdateFailed);
      }
    }
    if (avatar && updates.includes('avatar')) {
      try {
        await updateAvatar(avatar.file);
        setAvatar(null);
        toast.short.success(MSG.profileUpdated);
      } catch {
        toast.short.error(MSG.profileUpdateFailed);
      }
    }
    if (updates.includes('password')) {
      const passwordProblem = newPasswordProblem(newPassword);
      if (passwordProblem) {
        toast.short.warning(passwordProblem);
      } else {
        try {
          await updatePassword(oldPassword, newPassword);
          setOldPassword('');
          setNewPassword('');
          toast.short.success(MSG.passwordUpdated);
        } catch (failure) {
          const message = errorMessage(failure, { 402: MSG.incorrectPassword });
          if (message) toast.short.error(message);
        }
      }
    }
    await refreshCurrentUser();
    setUserName(null);
    setSaving(false);
  };

  // Reset is an anonymous-only page: leave the session first so it opens.
  const resetPassword = async () => {
    await logoutUser().catch(() => {});
    window.location.assign(PATHS.resetPassword);
  };

  return (
    <div className="page edit-profile-page">
      <h1 className="page-title">Edit profile</h1>
      <p className="page-subtitle">Change how other players see you, or your password.</p>
      <form className="card form edit-profile" onSubmit={(event) => void save(event)} noValidate>
        <div className="avatar-picker">
          <Avatar src={avatar?.url ?? currentUser.avatar} name={shownUserName} size={112} />
          <input id="avatar-file" className="visually-hidden" type="file" accept="image/*" onClick={preloadCropDialog} onChange={chooseImage} />
          <label htmlFor="avatar-file" className="btn btn-secondary btn-small avatar-picker-button">
            <CameraIcon size={18} /> Change avatar
          </label>
          {chosenImage && !AvatarCropDialog && (
            <p className="field-hint" role="status">
              Opening the crop tool…
            </p>
          )}
          {avatar && <p className="field-hint">New avatar ready: press Save changes to upload it.</p>}
        </div>

        <TextField
          label="User name"
          name="userName"
          autoComplete="nickname"
          maxLength={USER_NAME_MAX_LENGTH}
          value={shownUserName}
          onChange={(e) => setUserName(e.target.value)}
        />

        <fieldset className="password-section">
          <legend>Change Password</legend>
          <PasswordField
            label="Old password"
            name="currentPassword"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <button type="button" className="link-button" onClick={() => void resetPassword()}>
            Forgot your password? Log out and reset it
          </button>
        </fieldset>

        <Button type="submit" busy={saving} block>
          Save changes
        </Button>
      </form>

      {AvatarCropDialog && (
        <AvatarCropDialog
          key={chosenImage?.url ?? 'none'}
          imageSrc={chosenImage?.url ?? null}
          busy={cropping}
          onCancel={() => setChosenImage(null)}
          onCrop={(area) => void crop(area)}
        />
      )}
    </div>
  );
}
