import { z } from 'zod';

/** What MailDev's inbox answers (GET /api/email): the fields the e2e tests read. */
const inboxSchema = z.array(
  z.object({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    to: z.array(z.object({ address: z.string() })),
  }),
);
export type InboxMail = z.infer<typeof inboxSchema>[number];

/**
 * The newest mail to `address` in the development mail catcher (`npm start`'s MailDev) whose
 * subject contains `subject`, once one has come.
 */
export async function mailTo(
  inboxUrl: string,
  address: string,
  { subject = '', timeoutMs = 15_000 }: { subject?: string; timeoutMs?: number } = {},
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const inbox = inboxSchema.parse(await (await fetch(`${inboxUrl}/api/email`)).json());
    const mail = inbox.findLast(
      (each) => each.subject.includes(subject) && each.to.some((to) => to.address === address),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address} (${subject}) reached the mail catcher within ${timeoutMs} ms`);
}
