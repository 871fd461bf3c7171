// Web Push, as the server sends it and the service worker (web/src/sw-push.ts) and the app read it.

/** What a push carries (encrypted, RFC 8291): no more than the notification itself. */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path the tap opens. */
  url: string;
  /** Notifications with one tag replace each other on the device. */
  tag: string;
}

/** One of the caller's devices with push on (GET /user/push-subscriptions). */
export interface PushDevice {
  id: string;
  /** 'Chrome on Android' and the like. */
  label: string;
  /** ISO time. */
  createdAt: string;
  /** The device asking (its endpoint was passed as `endpoint`). */
  current: boolean;
}

/** A user may have push on this many devices at once. */
export const PUSH_DEVICE_LIMIT = 10;

/** The betting reminder goes this long before a match starts. */
export const REMINDER_LEAD_MINUTES = 15;

/** A user may opt in to the betting reminders of this many tournaments at once. */
export const REMINDER_OPT_IN_LIMIT = 50;

/** GET/PUT/DELETE /user/tournament-reminders/{id}: whether the caller is reminded of the tournament's matches without betting in it. */
export interface TournamentReminderState {
  optedIn: boolean;
}
