// A scorer link as a QR code: on screen beside its actions, and on paper large, with the link's name and
// 'Scan to keep the score', one link a page (scorer-links.css, @media print). The renderer (qrcode) is
// its own chunk, loaded at the first code shown; each link's code is made once.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ScorerLink } from '#shared/api.ts';

const made = new Map<string, Promise<string>>();

/** The link's QR code as SVG markup (an inline SVG: the page's policy allows no data: images). */
export function qrSvg(url: string): Promise<string> {
  let svg = made.get(url);
  if (!svg) {
    svg = import('qrcode').then((qrcode) => qrcode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
    // A failed load is tried again at the next code asked for.
    svg.catch(() => made.delete(url));
    made.set(url, svg);
  }
  return svg;
}

/** What qrSvg made already, to show in the same render (a print must find its codes drawn). */
const drawn = new Map<string, string>();

function useQrSvg(url: string): string | null {
  const [svg, setSvg] = useState<string | null>(() => drawn.get(url) ?? null);
  useEffect(() => {
    let live = true;
    qrSvg(url).then(
      (markup) => {
        drawn.set(url, markup);
        if (live) setSvg(markup);
      },
      () => {}, // no code this time: the link can still be copied or shared
    );
    return () => {
      live = false;
    };
  }, [url]);
  return svg;
}

/** The code, drawn from markup the qrcode package made from the link's URL (never from text a user typed into the page). */
function QrCode({ link, className }: { link: ScorerLink; className: string }) {
  const svg = useQrSvg(link.url);
  const label = `QR code of the scorer link ${link.name}`;
  if (!svg) return <span className={`${className} scorer-qr-waiting`} role="img" aria-label={label} />;
  return <span className={className} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function LinkQr({ link }: { link: ScorerLink }) {
  return (
    <figure className="scorer-qr">
      <QrCode link={link} className="scorer-qr-code" />
      <figcaption>Scan to keep the score</figcaption>
    </figure>
  );
}

/** The links' printed pages: outside the app's root, shown only when printing (one a page). */
export function PrintSheets({ links }: { links: readonly ScorerLink[] }) {
  return links.map((link) =>
    createPortal(
      <section className="scorer-print-sheet" aria-hidden="true">
        <h2>{link.name}</h2>
        <QrCode link={link} className="scorer-print-code" />
        <p>Scan to keep the score</p>
      </section>,
      document.body,
      link.id,
    ),
  );
}

/** Waits for the links' codes, so that the print shows them drawn. */
export const readyToPrint = (links: readonly ScorerLink[]) =>
  Promise.all(
    links.map((link) =>
      qrSvg(link.url).then((svg) => {
        drawn.set(link.url, svg);
      }),
    ),
  );
