import { describe, expect, it } from 'vitest';
import { pushSupport, type PushEnvironment } from './push-support.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const everything: PushEnvironment = { userAgent: ANDROID, maxTouchPoints: 5, standalone: false, hasServiceWorker: true, hasPushManager: true, hasNotification: true };

describe('pushSupport', () => {
  it('asks an iPhone or iPad in a Safari tab to add the app to the Home Screen first', () => {
    expect(pushSupport({ ...everything, userAgent: IPHONE, hasPushManager: false, hasNotification: false })).toBe('needs-home-screen');
    expect(pushSupport({ ...everything, userAgent: IPAD, maxTouchPoints: 5, hasPushManager: false, hasNotification: false })).toBe('needs-home-screen');
  });

  it('lets the app on the Home Screen of an iPhone turn push on', () => {
    expect(pushSupport({ ...everything, userAgent: IPHONE, standalone: true })).toBe('supported');
  });

  it('tells a Mac (no touch screen) without push apart from an iPad', () => {
    expect(pushSupport({ ...everything, userAgent: IPAD, maxTouchPoints: 0, hasPushManager: false })).toBe('unsupported');
  });

  it('says a browser without the Push API, a service worker or notifications cannot show them', () => {
    expect(pushSupport(everything)).toBe('supported');
    expect(pushSupport({ ...everything, hasPushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...everything, hasServiceWorker: false })).toBe('unsupported');
    expect(pushSupport({ ...everything, hasNotification: false })).toBe('unsupported');
  });
});
