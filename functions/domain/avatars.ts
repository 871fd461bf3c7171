// Avatars: checked by content (magic bytes), stored in S3 under a new key each time so no cache can
// serve the previous picture, then the key is recorded on the user.
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { config } from '#functions/lib/config.ts';
import { log, errorFields } from '#functions/lib/logger.ts';
import { s3 } from '#functions/lib/s3.ts';
import { setAvatarKey } from '#functions/data/users.ts';
import { DomainError } from './errors.ts';
import { avatarUrl } from './profiles.ts';

export interface ImageType {
  extension: 'jpg' | 'png' | 'webp';
  contentType: string;
}

const startsWith = (content: Uint8Array, bytes: readonly number[], offset = 0) =>
  content.length >= offset + bytes.length && bytes.every((b, i) => content[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes; undefined for anything but JPEG, PNG or WebP. */
export function detectImageType(content: Uint8Array): ImageType | undefined {
  if (startsWith(content, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return { extension: 'webp', contentType: 'image/webp' };
  return undefined;
}

export interface AvatarUpload {
  content: Buffer;
  /** The upload went over the parser's size limit and was cut. */
  truncated: boolean;
}

export async function updateAvatar(userId: string, upload: AvatarUpload | undefined): Promise<{ avatar: string }> {
  if (!upload || upload.content.length === 0) throw new DomainError('avatar-required');
  if (upload.truncated || upload.content.length > AVATAR_MAX_BYTES) throw new DomainError('avatar-too-large');
  const type = detectImageType(upload.content);
  if (!type) throw new DomainError('avatar-bad-type');

  const key = `avatars/${userId}/${randomBytes(16).toString('hex')}.${type.extension}`;
  const bucket = config().avatarBucket;
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: upload.content,
      ContentType: type.contentType,
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
