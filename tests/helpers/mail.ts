// Reading the mails the app sent, from the local mailbox (GET /_local/mail, newest first).
import { setTimeout as sleep } from 'node:timers/promises';
import { OTP_LENGTH } from '../../shared/constants.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export async function allMails(baseUrl: string): Promise<Mail[]> {
  const response = await fetch(new URL('/_local/mail', baseUrl));
  if (!response.ok) throw new Error(`GET /_local/mail answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/** Mails to `email`, newest first. */
export async function mailsTo(baseUrl: string, email: string): Promise<Mail[]> {
  const wanted = email.toLowerCase();
  return (await allMails(baseUrl)).filter((mail) => mail.to.toLowerCase().split(/,\s*/).includes(wanted));
}

/** The newest mail to `email` matching `predicate`, polling until it arrives. */
export async function waitForMail(baseUrl: string, email: string, predicate: (mail: Mail) => boolean = () => true, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(baseUrl, email)).find(predicate);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No matching mail to ${email} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** The first link in the mail (HTML hrefs first, then URLs in the text), optionally containing `contains`. */
export function extractLink(mail: Mail, contains = ''): string {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]));
  const urls = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const link = [...hrefs, ...urls].find((url) => /^https?:/.test(url) && url.includes(contains));
  if (!link) throw new Error(`No link${contains ? ` containing "${contains}"` : ''} in mail "${mail.subject}"`);
  return link;
}

/** The one-time code: the standalone number of OTP_LENGTH digits in the text (HTML as fallback). */
export function extractOtp(mail: Mail): string {
  const source = mail.text || mail.html.replace(/<[^>]*>/g, ' ');
  const codes = new Set(source.match(new RegExp(`(?<![\\d#&])\\d{${OTP_LENGTH}}(?!\\d)`, 'g')) ?? []);
  // Refuse to guess: a year or a number in a footer must not pass for the code.
  if (codes.size !== 1) throw new Error(`Expected one ${OTP_LENGTH}-digit code in mail "${mail.subject}", found: ${[...codes].join(', ') || 'none'}`);
  return [...codes][0];
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}
