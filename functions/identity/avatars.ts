// Avatars: re-encoded by avatar-image.ts into a small JPEG with no metadata (or refused), stored in S3
// under a new key each time so no cache can serve the previous picture, then the key is recorded on the user.
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { config } from '#functions/platform/config.ts';
import { log, errorFields } from '#functions/platform/logger.ts';
import { s3 } from '#functions/platform/s3.ts';
import { setAvatarKey } from '#functions/data/users.ts';
import { normaliseAvatar } from './avatar-image.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { avatarUrl } from './profiles.ts';

export interface AvatarUpload {
  content: Buffer;
  /** The upload went over the parser's size limit and was cut. */
  truncated: boolean;
}

export async function updateAvatar(userId: string, upload: AvatarUpload | undefined): Promise<{ avatar: string }> {
  if (!upload || upload.content.length === 0) throw new DomainError('avatar-required');
  if (upload.truncated || upload.content.length > AVATAR_MAX_BYTES) throw new DomainError('avatar-too-large');
  const picture = normaliseAvatar(upload.content);

  const key = `avatars/${userId}/${randomBytes(16).toString('hex')}.jpg`;
  const bucket = config().avatarBucket;
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: picture,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  const previousKey = await setAvatarKey(userId, key);
  if (previousKey) await deletePreviousAvatar(bucket, previousKey);
  return { avatar: avatarUrl(key) as string };
}

/** Best effort: a leftover object costs storage, not correctness. */
async function deletePreviousAvatar(bucket: string, key: string): Promise<void> {
  try {
    await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    log('warn', 'previous avatar not deleted', { key, ...errorFields(error) });
  }
}
