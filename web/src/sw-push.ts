/// <reference lib="webworker" />
// Web Push in the service worker (imported by sw.ts): `push` shows the notification the server sent
// (shared/push.ts PushPayload: title, body, the same-origin path a tap opens, a tag that replaces an earlier
// one of the same cause); `notificationclick` brings an open window of the app to that path, or opens one.
import type { PushPayload } from '#shared/push.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
const FALLBACK_PATH = '/notification';

/** The path a tap opens: only a path of this app (an absolute or protocol-relative URL becomes the inbox). */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return FALLBACK_PATH;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : FALLBACK_PATH;
}

function readPayload(event: PushEvent): PushPayload | undefined {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== 'string') return undefined;
    return { title: data.title, body: String(data.body ?? ''), url: sameOriginPath(data.url, self.location.origin), tag: String(data.tag ?? '') };
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: ICON,
      badge: ICON,
      ...(payload.tag && { tag: payload.tag }),
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(openApp(path));
});

/** Focuses a window of the app and sends it to `path`, or opens a new one there. */
async function openApp(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focusing takes the tap's user activation; without it the window is still sent to the path.
    await open.focus().catch(() => undefined);
    await open.navigate(target).catch(() => self.clients.openWindow(target));
    return;
  }
  await self.clients.openWindow(target);
}
