// Web Push sending: a push to each device of a user. Requests are built by the web-push library (VAPID JWT,
// RFC 8291 aes128gcm encryption) and sent with fetch: only to allow-listed push services
// (web-push-endpoints.ts, checked again before each send), never following a redirect. A subscription is sent
// to only while the session that created it is open. One that can never be sent to is removed, so that a
// dead device neither fails every push nor keeps one of the user's places: its session ended, its endpoint
// or keys fail the checks (stored before they existed), or the push service refused it for good. Apart
// from web-push-subscriptions.ts so that the device endpoints do not bundle web-push.
import webpush from 'web-push';
import type { PushPayload } from '#shared/push.ts';
import { METRIC } from '#shared/metrics.ts';
import { config } from '#functions/platform/config.ts';
import { readTogether } from '#functions/platform/dynamodb.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { count } from '#functions/platform/metrics.ts';
import { pushTestService, vapidKeys } from '#functions/platform/push-config.ts';
import * as subscriptions from '#functions/data/push-subscriptions.ts';
import * as sessions from '#functions/data/sessions.ts';
import { isAllowedPushEndpoint } from './web-push-endpoints.ts';
import { arePushKeysValid } from './web-push-keys.ts';

/** A push service gets this long to take a request. */
const SEND_TIMEOUT_MS = 10_000;

export interface PushOptions {
  /** Seconds the push service keeps it for an offline device; a reminder is no use after the match starts. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushReport {
  sent: number;
  /** Subscriptions removed instead: their session ended, they fail the checks, or the push service refused them for good. */
  dropped: number;
  /** Sends that failed for a reason that may pass or is ours (401, 408, 429, 5xx, no answer): the device is kept. */
  failed: number;
}

type Outcome = keyof PushReport;

/** What each outcome counts as in the metrics (the invocation flushes them). */
const OUTCOME_METRIC = { sent: METRIC.webPushesSent, dropped: METRIC.webPushesDropped, failed: METRIC.webPushesFailed } as const;

/** Which of the users have a push device: one consistent BatchGetItem per 100 users, no Query for those without. */
export async function usersWithDevices(userIds: readonly string[]): Promise<Set<string>> {
  const users = [...new Set(userIds)];
  const has = users.length > 0 ? await readTogether(users.map(subscriptions.hasDevicesRead), true) : [];
  return new Set(users.filter((_, i) => has[i] === true));
}

/** Sends `payload` to every device of the user (counted in the metrics). Never throws for one device; `failed` counts retryable failures. */
export async function pushToUser(userId: string, payload: PushPayload, options: PushOptions): Promise<PushReport> {
  const report: PushReport = { sent: 0, dropped: 0, failed: 0 };
  const devices = await subscriptions.listSubscriptions(userId);
  if (!devices.length) return report;
  const keys = await vapidKeys();
  const body = JSON.stringify(payload);
  const outcomes = await Promise.all(devices.map((device) => pushToDevice(device, body, options, keys)));
  for (const outcome of outcomes) {
    report[outcome]++;
    count(OUTCOME_METRIC[outcome]);
  }
  return report;
}

async function pushToDevice(device: subscriptions.PushSubscriptionRecord, body: string, options: PushOptions, keys: { publicKey: string; privateKey: string }): Promise<Outcome> {
  const fields = { userId: device.userId, subscriptionId: device.subscriptionId };
  try {
    const open = await sessions.getOpenSession(device.sessionId, device.userId);
    if (!open) return await drop(device, { reason: 'session ended' });
    // Stored before the allow-list or the key check existed: every send to it would fail.
    if (!isAllowedPushEndpoint(device.endpoint, pushTestService()) || !arePushKeysValid(device)) return await drop(device, { reason: 'endpoint or keys not valid' });
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
      vapidDetails: { subject: `mailto:${config().mailFrom}`, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    });
    const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    if (answer.status >= 200 && answer.status < 300) return 'sent';
    // 401: the service refused our VAPID signature, a fault of ours for every device alike: dropping
    // on it would empty every user's devices after one bad key rotation.
    if (answer.status === 401 || answer.status === 408 || answer.status === 429 || answer.status >= 500) {
      log('warn', 'push service busy, failing or refusing our signature', { ...fields, status: answer.status });
      return 'failed';
    }
    // 404/410 (the browser dropped it), 400, 403 (a key the subscription was not made with), 413, a
    // redirect: sending again would not help.
    return await drop(device, { reason: 'refused by the push service', status: answer.status });
  } catch (error) {
    log('warn', 'push failed', { ...fields, ...errorFields(error) });
    return 'failed';
  }
}

/** Removes a subscription that can never be sent to (it frees one of the user's places). */
async function drop(device: subscriptions.PushSubscriptionRecord, why: { reason: string; status?: number }): Promise<Outcome> {
  await subscriptions.deleteSubscription(device.userId, device.subscriptionId);
  log('info', 'push subscription removed', { userId: device.userId, subscriptionId: device.subscriptionId, ...why });
  return 'dropped';
}
