import { MailDev } from 'maildev';

/** The development mail catcher, as `npm start` runs it. */
export interface MailCatcher {
  inboxUrl: string;
  stop(): Promise<void>;
}

/**
 * MailDev (npm), started by `npm start` outside production (START_MAIL_CATCHER): it takes every
 * mail on its SMTP port (SMTP_URL's default then) and shows it in a web inbox, so a developer reads
 * the registration and reminder mails without a mail server. A development dependency: production
 * never starts it (the compose file runs the maildev image instead).
 */
export async function startMailCatcher(options: {
  host: string;
  smtpPort: number;
  webPort: number;
}): Promise<MailCatcher> {
  const maildev = new MailDev({
    smtp: options.smtpPort,
    ip: options.host,
    web: options.webPort,
    webIp: options.host,
    // A development inbox: bounded, so a long-running `npm start` does not grow without end.
    maxEmails: 500,
    silent: true,
  });
  await maildev.start();
  return {
    inboxUrl: `http://localhost:${options.webPort}`,
    stop: () => maildev.stop(),
  };
}
