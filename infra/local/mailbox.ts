// The local SES: captures SendEmail (v1 query protocol) and shows the mails at /_local/mail(/view).
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendError, sendJson } from './http-util.ts';
import { renderMailView, type CapturedMail } from './mail-view.ts';

const SES_XMLNS = 'http://ses.amazonaws.com/doc/2010-12-01/';
const MAX_MAIL_BYTES = 10 * 1024 * 1024; // SES's own message size limit

export class Mailbox {
  private saving = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly mails: CapturedMail[],
  ) {}

  /** Opens the mailbox persisted in `file` (a JSON array, oldest first), so mails survive restarts. */
  static async open(file: string): Promise<Mailbox> {
    const saved = await readFile(file, 'utf8').catch(() => '[]');
    try {
      return new Mailbox(file, JSON.parse(saved) as CapturedMail[]);
    } catch {
      console.warn(`[mailbox] ${file} is not valid JSON; starting with an empty mailbox`);
      return new Mailbox(file, []);
    }
  }

  /** Newest first. */
  list(): CapturedMail[] {
    return [...this.mails].reverse();
  }

  capture(mail: CapturedMail): Promise<void> {
    this.mails.push(mail);
    const snapshot = JSON.stringify(this.mails, null, 2);
    this.saving = this.saving.then(() => writeFile(this.file, snapshot));
    return this.saving;
  }

  /** Serves POST /_local/ses, GET /_local/mail and GET /_local/mail/view. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.replace(/\/$/, ''); // the SDK posts to the endpoint's path plus "/"
    if (req.method === 'POST' && path === '/_local/ses') return this.receiveSes(req, res);
    if (req.method === 'GET' && path === '/_local/mail') return sendJson(res, 200, this.list(), { 'cache-control': 'no-store' });
    if (req.method === 'GET' && path === '/_local/mail/view') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(renderMailView(this.list()));
      return;
    }
    sendError(res, 404, 'Not found');
  }

  private async receiveSes(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams((await readBody(req, MAX_MAIL_BYTES)).toString('utf8'));
    const requestId = randomUUID();
    if (form.get('Action') !== 'SendEmail') {
      return sendXml(res, 400, `<ErrorResponse xmlns="${SES_XMLNS}"><Error><Type>Sender</Type><Code>InvalidAction</Code><Message>The local SES supports only SendEmail</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`);
    }
    await this.capture({
      to: members(form, 'Destination.ToAddresses').join(', '),
      subject: form.get('Message.Subject.Data') ?? '',
      text: form.get('Message.Body.Text.Data') ?? '',
      html: form.get('Message.Body.Html.Data') ?? '',
      sentAt: new Date().toISOString(),
    });
    const messageId = `${randomUUID()}-000000`;
    sendXml(res, 200, `<SendEmailResponse xmlns="${SES_XMLNS}"><SendEmailResult><MessageId>${messageId}</MessageId></SendEmailResult><ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></SendEmailResponse>`);
  }
}

/** The query protocol's lists: `Prefix.member.1`, `Prefix.member.2`, … in order. */
function members(form: URLSearchParams, prefix: string): string[] {
  const values: string[] = [];
  for (let i = 1; form.has(`${prefix}.member.${i}`); i++) values.push(form.get(`${prefix}.member.${i}`) ?? '');
  return values;
}

function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}
