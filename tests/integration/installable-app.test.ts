// What the local cloud serves for the installable app (issue 13 §1), as CloudFront serves the same
// files: the service worker fresh on every update check, the web app manifest as one, and a page
// policy that lets both load from the origin only.
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('the installable app as served', () => {
  it('serves /sw.js as JavaScript that is never cached long, precaching the shell by hashed file names', async () => {
    const answer = await fetch(`${baseUrl}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const script = await answer.text();
    // The build's precache list: index.html by revision, every chunk under its content hash.
    expect(script).toMatch(/\{"revision":"[0-9a-f]+","url":"index\.html"\}/);
    expect(script).toMatch(/\{"revision":null,"url":"assets\/index-[\w-]+\.js"\}/);
  });

  it('serves the web app manifest and lets the page load it and the worker from the origin only', async () => {
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ name: 'Bet, Play, Win', start_url: '/home', display: 'standalone' });
    const page = await fetch(`${baseUrl}/home`);
    expect(await page.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("worker-src 'self'");
  });
});
