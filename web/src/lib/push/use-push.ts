// This device's push switch: whether push can be on here (browser support, the permission), whether it is,
// and turning it on (permission asked only then, on the user's tap; never on load) or off (the browser's
// subscription ended and the server told). The switch shows in two places at once (the notifications page
// and the avatar menu): the browser's subscription is one shared store, so that turning it off in one
// leaves no other instance holding it (and saving it again as 'on here but unknown to the server').
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { PushDevice } from '#shared/push.ts';
import { getPushPublicKey, listPushDevices, removePushDevice, savePushSubscription } from './api.ts';
import { pushSupport } from './push-support.ts';

export type PushAvailability = 'checking' | 'unsupported' | 'needs-home-screen' | 'no-worker' | 'blocked' | 'available';

/** How long to wait for the app's service worker (it registers after the page loads). */
const WORKER_WAIT_MS = 10_000;

const supported = () => typeof window !== 'undefined' && pushSupport() === 'supported';

async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's push subscription, as every usePush sees it; `version` counts its changes. */
const subscriptionStore = (() => {
  let current: PushSubscription | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    version: () => version,
    set: (next: PushSubscription | null) => {
      current = next;
      version++;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

const isDeviceList = (key: unknown) => Array.isArray(key) && key[0] === 'push-devices';

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export function usePush() {
  const [availability, setAvailability] = useState<PushAvailability>(() => {
    const support = typeof window === 'undefined' ? 'unsupported' : pushSupport();
    return support === 'supported' ? 'checking' : support;
  });
  const subscription = useSyncExternalStore(subscriptionStore.subscribe, subscriptionStore.get);
  const [busy, setBusy] = useState(false);
  const endpoint = subscription?.endpoint;
  const devices = useSWR<PushDevice[]>(['push-devices', endpoint ?? ''], () => listPushDevices(endpoint));
  const { mutate: mutateAll } = useSWRConfig();
  /** Every instance's list, whichever endpoint it was read with. */
  const refreshDeviceLists = useCallback(() => mutateAll(isDeviceList), [mutateAll]);

  useEffect(() => {
    if (!supported()) return;
    let cancelled = false;
    // Read through a call: the cleanup sets it while an await is pending, which TypeScript's narrowing misses.
    const isCancelled = () => cancelled;
    void (async () => {
      let registration = await workerRegistration();
      if (isCancelled()) return;
      if (!registration) {
        // Said so meanwhile; the worker may still come (a slow first load).
        setAvailability('no-worker');
        registration = await navigator.serviceWorker.ready;
        if (isCancelled()) return;
      }
      // Read as it is now, unless a switch turned push on or off while the browser answered.
      const before = subscriptionStore.version();
      const found = await registration.pushManager.getSubscription();
      if (!isCancelled() && subscriptionStore.version() === before) subscriptionStore.set(found);
      setAvailability(Notification.permission === 'denied' ? 'blocked' : 'available');
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // On in this browser but unknown to the server (the session that turned it on ended, e.g. a log-out and
  // back in): saved again under this session.
  const { data: list, mutate } = devices;
  useEffect(() => {
    if (subscription && list && !list.some((d) => d.current) && subscriptionStore.get() === subscription) {
      void savePushSubscription(subscription.toJSON()).then(() => mutate(), () => {});
    }
  }, [subscription, list, mutate]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setAvailability(permission === 'denied' ? 'blocked' : 'available');
        return false;
      }
      const registration = await navigator.serviceWorker.ready;
      const created = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await getPushPublicKey()) });
      await savePushSubscription(created.toJSON());
      subscriptionStore.set(created);
      await refreshDeviceLists();
      return true;
    } finally {
      setBusy(false);
    }
  }, [refreshDeviceLists]);

  const turnOff = useCallback(async () => {
    if (!subscription) return;
    setBusy(true);
    try {
      // Off here first, so that no instance re-saves it when its list comes back without it.
      subscriptionStore.set(null);
      await subscription.unsubscribe().catch(() => false);
      await removePushDevice({ endpoint: subscription.endpoint });
      await refreshDeviceLists();
    } finally {
      setBusy(false);
    }
  }, [subscription, refreshDeviceLists]);

  const removeDevice = useCallback(
    async (device: PushDevice) => {
      if (device.current) return turnOff();
      await removePushDevice({ id: device.id });
      await refreshDeviceLists();
    },
    [turnOff, refreshDeviceLists],
  );

  return { availability, isOn: !!subscription, busy, turnOn, turnOff, devices: devices.data ?? null, removeDevice };
}
