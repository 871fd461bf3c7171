import { apiHandler } from '#functions/http/api.ts';
import { pushPublicKey } from '#functions/notifications/web-push-subscriptions.ts';

/** The VAPID public key (base64url) a browser subscribes with (its applicationServerKey). */
export const handler = apiHandler({}, async () => ({ data: { publicKey: await pushPublicKey() } }));
