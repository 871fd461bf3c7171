// Account mails through SES, each with a text and an HTML body.
import { SendEmailCommand } from '@aws-sdk/client-ses';
import { CODE_TTL_SECONDS, HOME_TAB_NAME } from '#shared/constants.ts';
import { config } from '#functions/platform/config.ts';
import { ses } from '#functions/platform/ses.ts';

const CODE_TTL_MINUTES = CODE_TTL_SECONDS / 60;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function send({ to, subject, text, html }: Mail): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      Source: config().mailFrom,
      Destination: { ToAddresses: [to] },
      Message: {
        Subject: { Data: subject, Charset: 'UTF-8' },
        Body: { Text: { Data: text, Charset: 'UTF-8' }, Html: { Data: html, Charset: 'UTF-8' } },
      },
    }),
  );
}

export function verificationLink(token: string, code: string): string {
  const query = new URLSearchParams({ token, code });
  return `${config().appOrigin}/auth/verify?${query}`;
}

export function sendVerificationMail(to: string, link: string): Promise<void> {
  return send({
    to,
    subject: `Verify your email for ${HOME_TAB_NAME}`,
    text: `Welcome to ${HOME_TAB_NAME}!\n\nOpen this link to verify your email (valid for ${CODE_TTL_MINUTES} minutes):\n${link}\n\nIf you did not sign up, ignore this mail.`,
    html: `<p>Welcome to ${escapeHtml(HOME_TAB_NAME)}!</p><p><a href="${escapeHtml(link)}">Verify your email</a> (valid for ${CODE_TTL_MINUTES} minutes).</p><p>If you did not sign up, ignore this mail.</p>`,
  });
}

export function sendResetOtpMail(to: string, otp: string): Promise<void> {
  return send({
    to,
    subject: `Your ${HOME_TAB_NAME} password reset code`,
    text: `Your password reset code is ${otp}. It is valid for ${CODE_TTL_MINUTES} minutes.\n\nIf you did not ask to reset your password, ignore this mail.`,
    html: `<p>Your password reset code is <strong>${otp}</strong>. It is valid for ${CODE_TTL_MINUTES} minutes.</p><p>If you did not ask to reset your password, ignore this mail.</p>`,
  });
}
