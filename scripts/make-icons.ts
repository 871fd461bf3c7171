// `npx tsx scripts/make-icons.ts`: renders the app's icons (web/icons/*.svg, drawn by hand) into the PNGs the web app
// manifest and iOS need, with the Chromium the browser tests use. Run it after changing an SVG and
// commit the PNGs (web/public/icons/).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { webDir } from '../infra/local/paths.ts';

/** Each PNG: its source (web/icons/<name>.svg) and its size in pixels. */
const ICONS = [
  { source: 'app-icon', file: 'icon-192.png', size: 192 },
  { source: 'app-icon', file: 'icon-512.png', size: 512 },
  // Full bleed, the ball inside the central 80% circle every launcher's mask keeps.
  { source: 'maskable-icon', file: 'maskable-192.png', size: 192 },
  { source: 'maskable-icon', file: 'maskable-512.png', size: 512 },
  // iOS rounds the corners itself and takes no transparency.
  { source: 'maskable-icon', file: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { source, file, size } of ICONS) {
    const svg = await readFile(join(webDir, 'icons', `${source}.svg`), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:transparent"><img width="${size}" height="${size}" style="display:block" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: join(webDir, 'public', 'icons', file), omitBackground: true });
    console.log(`web/public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
