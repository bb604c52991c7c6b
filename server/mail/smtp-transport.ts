import nodemailer from 'nodemailer';

/** One mail as it leaves: the outbox's rendered content with the bank's sender. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** Where mail leaves the portal. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Why a mail was not taken: `permanent` when sending it again would be refused again (an SMTP 5yz). */
export class MailSendError extends Error {
  readonly permanent: boolean;
  /** The server's reply (code and text) or the connection's error code: never the mail. */
  readonly reply: string;
  constructor(reply: string, permanent: boolean, cause: unknown) {
    super(`mail not sent: ${reply}`, { cause });
    this.name = 'MailSendError';
    this.reply = reply;
    this.permanent = permanent;
  }
}

/** RFC 5321: a 5yz reply refuses the message for good, except 503 (a session in the wrong state). */
const isPermanentReply = (code: number | undefined) => code !== undefined && code >= 500 && code !== 503;

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * nodemailer over SMTP (SMTP_URL), with a pool of connections (a worker sends a batch at once).
 * nodemailer: the Node.js SMTP client everyone uses, MIME and encodings (ISO-2022-JP is not needed:
 * UTF-8 with quoted-printable is read by every current client) done right.
 */
export function createSmtpTransport(url: string, maxConnections = 5): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections, ...TIMEOUTS });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
        });
      } catch (error) {
        const { responseCode, response, code } = error as {
          responseCode?: number;
          response?: string;
          code?: string;
        };
        const reply = response ?? code ?? (error instanceof Error ? error.message : 'unknown error');
        throw new MailSendError(reply.slice(0, 500), isPermanentReply(responseCode), error);
      }
    },
    close: () => transporter.close(),
  };
}
