// Mail for account links (email verification, password resets): through SMTP when SMTP_URL is
// set, else written to the server's log, so that a local install works without a mail server.

import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type Mail = { to: string; subject: string; text: string };
/** `origin`: the site's address, which the links in its mails start with. */
export type Mailer = { origin: string; send(mail: Mail): Promise<void>; log?: Logger };

/** A mailer through the SMTP server at `url` (smtp:// or smtps://, with credentials if any). */
export function smtpMailer(origin: string, url: string, from: string, log?: Logger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    origin,
    log,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** No mail server: the mail, link included, goes to the log for whoever runs the server. */
export function logMailer(origin: string, log: Logger): Mailer {
  return {
    origin,
    log,
    async send(mail) {
      log.warn(
        { to: mail.to, subject: mail.subject },
        `mail not sent (no SMTP_URL):\n${mail.text}`,
      );
    },
  };
}

// One per process, set at start-up (main.ts) or by a test.
const shared = globalThis as typeof globalThis & { machiaveloxMailer?: Mailer };

export function setMailer(mailer: Mailer): void {
  shared.machiaveloxMailer = mailer;
}

export function mailer(): Mailer {
  if (!shared.machiaveloxMailer) throw new Error("no mailer is set on this server");
  return shared.machiaveloxMailer;
}

/**
 * Sends without making the caller wait: a request's answer must not take longer when a mail
 * goes out (a reset request would tell whether the account exists). Failures are logged.
 */
export function sendInBackground(work: Promise<unknown>, via: Mailer): void {
  work.catch((error: unknown) => via.log?.error({ err: error }, "sending a mail failed"));
}
