// Pure display and normalisation rules shared by the functions and the web app (spec §5; dates and
// times in the device's zone rather than the spec's UTC).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

type DateInput = Date | string | number;

function toValidDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

// The first Intl formatter a page builds costs it tens of milliseconds on a slow phone (its locale and
// zone data load), each further one several: dates in the device's own zone, the usual case, are read
// with one formatter (the zone, its name) and the Date's local fields, not one formatter per question.
const DEVICE_ZONE_REREAD_MS = 60_000;
let device: { format: Intl.DateTimeFormat; zone: string; readAt: number } | undefined;

/** The device's zone and a formatter of its short name in the device's locale, re-read once a minute (a phone that travels). */
function deviceZoneFormat() {
  const now = Date.now();
  if (!device || now - device.readAt > DEVICE_ZONE_REREAD_MS) {
    const format = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' });
    device = { format, zone: format.resolvedOptions().timeZone, readAt: now };
  }
  return device;
}

/**
 * The zone dates and times are shown in: the device's (IST on our campuses). The server stores and
 * compares UTC only; a Lambda's zone is UTC, so server-side formatting stays UTC.
 */
export const deviceTimeZone = (): string => deviceZoneFormat().zone;

// One formatter per other zone, built when first needed.
const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of the instant in the zone: the Date's own for the device's zone, else read with Intl (which knows every zone's rules). */
function zonedParts(date: Date, timeZone: string) {
  if (timeZone === deviceTimeZone()) {
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
  }
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    partFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)!.value);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute') };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'D Mon YYYY' in the zone (the device's by default), e.g. '5 Sept 2024'. Throws a RangeError for an invalid date. */
export function formatDate(input: DateInput, timeZone = deviceTimeZone()): string {
  const { day, month, year } = zonedParts(toValidDate(input), timeZone);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** 'HH:MM' (24 h) in the zone (the device's by default). Throws a RangeError for an invalid date. */
export function formatTime(input: DateInput, timeZone = deviceTimeZone()): string {
  const { hour, minute } = zonedParts(toValidDate(input), timeZone);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

const isOffsetName = (name: string) => /^(GMT|UTC)[+-]/.test(name);
/** Formatters by locale ('' for the device's) and zone, each built when first needed. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function zoneNameIn(locale: string, timeZone: string, date: Date): string {
  const key = `${locale}\0${timeZone}`;
  let format = !locale && timeZone === deviceTimeZone() ? deviceZoneFormat().format : zoneNameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale || undefined, { timeZone, timeZoneName: 'short' });
    zoneNameFormats.set(key, format);
  }
  return format.formatToParts(date).find((part) => part.type === 'timeZoneName')!.value;
}

/**
 * The zone's short name at that instant: 'IST', 'UTC', 'BST'. Locales name zones differently (en-US
 * calls IST 'GMT+5:30'), so the device's locale first, then en-IN's, and an offset only when neither
 * has a name.
 */
export function formatZoneName(input: DateInput, timeZone = deviceTimeZone()): string {
  const date = toValidDate(input);
  const deviceName = zoneNameIn('', timeZone, date);
  if (!isOffsetName(deviceName)) return deviceName;
  const indianName = zoneNameIn('en-IN', timeZone, date);
  return isOffsetName(indianName) ? deviceName : indianName;
}

/** 'HH:MM IST': a time with its zone, as every screen shows one. */
export const formatTimeWithZone = (input: DateInput, timeZone = deviceTimeZone()) => `${formatTime(input, timeZone)} ${formatZoneName(input, timeZone)}`;

/** 'D Mon YYYY, HH:MM IST'. */
export const formatDateTime = (input: DateInput, timeZone = deviceTimeZone()) => `${formatDate(input, timeZone)}, ${formatTimeWithZone(input, timeZone)}`;

/** A datetime-local field's value ('YYYY-MM-DDTHH:MM') read as a wall-clock time in the zone, as ISO 8601 UTC; null when empty or incomplete. */
export function zonedInputToIso(value: string, timeZone = deviceTimeZone()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const wallClockAsUtc = new Date(`${value}:00Z`);
  if (Number.isNaN(wallClockAsUtc.getTime())) return null;
  // Shift by the zone's offset at that time; a second pass settles the hour a daylight-saving change moves.
  let instant = wallClockAsUtc.getTime();
  for (let pass = 0; pass < 2; pass++) instant = wallClockAsUtc.getTime() - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant).toISOString();
}

/** The other way: an ISO time as a datetime-local value in the zone. */
export function isoToZonedInput(iso: string, timeZone = deviceTimeZone()): string {
  const { year, month, day, hour, minute } = zonedParts(toValidDate(iso), timeZone);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** How far the zone's wall clock is ahead of UTC at that instant, to the minute. */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const { year, month, day, hour, minute } = zonedParts(date, timeZone);
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  return wallClock - Math.floor(date.getTime() / 60_000) * 60_000;
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
