// Where organiser exports live and for how long, shared by the export function and the stack (its grant
// and lifecycle rule): a private prefix of the avatars bucket that CloudFront never serves.
export const EXPORT_PREFIX = 'exports/';
/** How long an export's download link works. */
export const EXPORT_LINK_SECONDS = 300;
/** The stack deletes exports (and unfinished multipart uploads) after this many days. */
export const EXPORT_RETENTION_DAYS = 1;
