// The first layout of a page that uses a text style (weight, size, slant) for the first time has the
// browser resolve that style's font: on Linux and ChromeOS a synchronous call to the browser process per
// style, 1-6 ms each. The matches page uses 14 such styles, so its first frame was one 40-100 ms task
// (docs/benchmarks.md). While the full-page loader waits out the spec's auth-status delay the main thread
// is idle: each style of the first screens is resolved there, one per task, and the page's first layout
// finds them ready.

/** A text style of the first screens: CSS font-weight, font-size in rem, and whether it is italic. */
export type TextStyle = readonly [weight: number, sizeRem: number, italic?: 'italic'];

/**
 * Every text style of home and the matches page (tests/e2e/first-screen-fonts.test.ts reads them off the
 * rendered pages, at phone and desktop width, and fails when this list misses one).
 */
export const FIRST_SCREEN_TEXT_STYLES: readonly TextStyle[] = [
  // the header and the page titles
  [700, 1],
  [800, 1],
  [800, 1.3],
  [800, 1.5],
  [800, 2],
  [700, 1.25],
  [400, 1],
  // home's tournament cards
  [400, 0.95],
  [700, 0.975],
  [700, 1.05],
  [400, 0.9],
  [600, 0.875],
  [500, 0.875],
  [400, 0.875],
  // the match cards
  [700, 0.9],
  [600, 0.9],
  [700, 0.85],
  [800, 1.1],
  [700, 0.8],
  [400, 0.85],
  [900, 0.85, 'italic'],
];

let started = false;

/** Resolves each style's font in a task of its own, then removes what it laid out. Once per page load. */
export function warmUpFonts(): void {
  if (started) return;
  started = true;
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.dataset.fontWarmUp = '';
  // Laid out (so its text is shaped) but never seen, and contained: it moves nothing else on the page.
  host.style.cssText = 'position:absolute;top:0;left:0;width:1px;height:1px;overflow:hidden;visibility:hidden;contain:strict';
  document.body.append(host);
  let next = 0;
  const resolveNext = () => {
    const style = FIRST_SCREEN_TEXT_STYLES.at(next++);
    if (!style) return host.remove();
    const [weight, sizeRem, italic] = style;
    const sample = document.createElement('span');
    sample.style.cssText = `font-weight:${weight};font-size:${sizeRem}rem;font-style:${italic ?? 'normal'}`;
    sample.textContent = 'Ag 0 %';
    host.append(sample);
    void sample.offsetWidth; // lay it out now, in this task
    setTimeout(resolveNext, 0);
  };
  setTimeout(resolveNext, 0);
}
