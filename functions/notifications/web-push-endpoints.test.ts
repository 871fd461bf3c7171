import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './web-push-endpoints.ts';

describe('push endpoint allow-list', () => {
  it('accepts the real push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=AwYAAA',
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses anything the server must never call', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc', // not https
      'https://fcm.googleapis.com:8443/fcm/send/abc', // another port
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/fcm.googleapis.com',
      'https://notify.windows.com/x', // the bare suffix is no push host
      'https://169.254.169.254/latest/meta-data/',
      'http://localhost:3000/_local/push/x', // the test service only when the local cloud names it
      'file:///etc/passwd',
      'not a url',
      `https://fcm.googleapis.com/${'a'.repeat(2100)}`,
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('in the local cloud also accepts its own test push service, and only under its path', () => {
    const testService = 'http://localhost:3000/_local/push/';
    expect(isAllowedPushEndpoint('http://localhost:3000/_local/push/abc', testService)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:3000/_local/push/', testService)).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:3000/api/v1/user/logout-user', testService)).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:3001/_local/push/abc', testService)).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:3000/_local/push/../../api/v1/x', testService)).toBe(false);
  });
});
