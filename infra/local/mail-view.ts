// The local mailbox page: every captured mail, newest first, with its HTML body and working links.

/** A mail the local SES captured (mailbox.ts keeps them in $DATA_DIR/mail.json, as JSON of this shape). */
export interface CapturedMail {
  /** The To addresses, comma-separated. */
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export function renderMailView(mails: CapturedMail[]): string {
  const items = mails.length === 0 ? '<p class="empty">No mail yet.</p>' : mails.map(renderMail).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox (${mails.length})</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 760px; padding: 16px; }
  header { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  article { border: 1px solid #8886; border-radius: 8px; margin: 0 0 16px; overflow: hidden; }
  .meta { padding: 10px 12px; border-bottom: 1px solid #8886; }
  .subject { font-weight: 600; margin: 0 0 4px; overflow-wrap: anywhere; }
  .details { font-size: 0.85rem; opacity: 0.75; overflow-wrap: anywhere; }
  iframe { display: block; width: 100%; height: 320px; border: 0; background: #fff; }
  pre { margin: 0; padding: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
  .empty { opacity: 0.75; }
</style>
</head>
<body>
<header><h1>Local mailbox</h1><a href="">Refresh</a></header>
${items}
</body>
</html>`;
}

function renderMail(mail: CapturedMail): string {
  const meta = `<div class="meta"><p class="subject">${escapeHtml(mail.subject || '(no subject)')}</p>
<div class="details">To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></div></div>`;
  if (!mail.html) return `<article>${meta}<pre>${escapeHtml(mail.text)}</pre></article>`;
  // Links open in this tab (<base target="_top">). The sandbox runs no script from the mail;
  // allow-same-origin only lets this page size the frame to its content (measured at height 0, as
  // the frame's own height would otherwise be the minimum).
  const base = '<base target="_top">';
  const doc = /<head[\s>]/i.test(mail.html) ? mail.html.replace(/<head[^>]*>/i, (head) => head + base) : base + mail.html;
  return `<article>${meta}<iframe title="${escapeHtml(mail.subject)}" sandbox="allow-same-origin allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(doc)}" onload="this.style.height = '0'; this.style.height = this.contentDocument.documentElement.scrollHeight + 'px'"></iframe></article>`;
}
