// Pure display and normalisation rules shared by the functions and the web app (spec §5).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

type DateInput = Date | string | number;

function toValidDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'D Mon YYYY' in UTC, e.g. '5 Sept 2024'. Throws a RangeError for an invalid date. */
export function formatDate(input: DateInput): string {
  const date = toValidDate(input);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'HH:MM' (24 h) in UTC. Throws a RangeError for an invalid date. */
export function formatTime(input: DateInput): string {
  const date = toValidDate(input);
  return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** Keeps the first and last character of the local part, masks the rest: 'alice@x.io' -> 'a***e@x.io'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at === -1 ? email : email.slice(0, at);
  const domain = at === -1 ? '' : email.slice(at);
  if (local.length <= 2) return local + domain;
  return local[0] + '*'.repeat(local.length - 2) + local[local.length - 1] + domain;
}

/** The one spelling of an email address the server stores and compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
