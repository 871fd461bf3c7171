/// <reference lib="webworker" />
// push and notificationclick handlers, owned by the push feature. Imported by the service worker (sw.ts).
export {};
