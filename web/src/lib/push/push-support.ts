// Whether this browser can show push notifications at all, and if not, why: an iPhone or iPad shows them
// only from the app added to the Home Screen (Safari's tabs have no PushManager nor Notification); other
// browsers without the Push API, a service worker or notifications cannot show them anywhere.
import { MSG } from '#shared/messages.ts';

export type PushSupport = 'supported' | 'needs-home-screen' | 'unsupported';

/** What of the browser the answer depends on (the real window and navigator by default). */
export interface PushEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

export function browserEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints,
    standalone: nav.standalone === true || window.matchMedia('(display-mode: standalone)').matches,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window && typeof window.Notification !== 'undefined',
  };
}

/** iPhone, iPod, or an iPad (which names itself a Mac, but has a touch screen). */
const isAppleMobile = ({ userAgent, maxTouchPoints }: PushEnvironment) =>
  /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);

export function pushSupport(env: PushEnvironment = browserEnvironment()): PushSupport {
  if (isAppleMobile(env) && !env.standalone) return 'needs-home-screen';
  return env.hasServiceWorker && env.hasPushManager && env.hasNotification ? 'supported' : 'unsupported';
}

/** What to tell someone who wants notifications where the browser cannot show them. */
export const PUSH_SUPPORT_ADVICE: Record<Exclude<PushSupport, 'supported'>, string> = {
  'needs-home-screen': MSG.pushNeedsHomeScreen,
  unsupported: MSG.pushUnsupported,
};
