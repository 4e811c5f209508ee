import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; text: string };

/** Quoted-printable, as nodemailer writes long lines, back to text. */
function unquote(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A local SMTP server that keeps what it receives, as a real mail server would get it. */
export async function startSmtp(port = 0) {
  const mails: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push({ to, text: unquote(Buffer.concat(chunks).toString("utf8")) });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    /** The mails received so far for `address`. */
    to: (address: string) => mails.filter((mail) => mail.to.includes(address)),
    /** The next (or a received) mail to `address`; `seen` mails to it are skipped. */
    async next(address: string, seen = 0): Promise<ReceivedMail> {
      for (;;) {
        const received = mails.filter((mail) => mail.to.includes(address));
        if (received.length > seen) return received[seen]!;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link in a mail. */
export function linkToken(mail: ReceivedMail): string {
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in the mail:\n${mail.text}`);
  return token;
}
