// The receipt emails' sender: nodemailer over SMTP (PAY_SMTP_URL, from PAY_MAIL_FROM), given to the kit
// as its `sendPaidEmail`. It throws when the server refuses or cannot be reached, so the kit keeps the
// email owed and tries again with its backoff; the timeouts are short so that a dead server is a quick
// failure. One Message-ID per session, the same for each attempt, so a mail client shows a repeat once.
import { createTransport, type Transporter } from 'nodemailer';
import type { PaidEmail } from '@pay-elements/server';
import { writeReceiptMail } from './receipt-mail.js';

export interface ReceiptSender {
  send: (mail: PaidEmail) => Promise<void>;
  /** ends the transport's connections */
  close: () => Promise<void>;
}

/** The domain of a From address (`Shop <shop@example.com>` → `example.com`), for Message-IDs. */
function domainOf(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'pay-elements.invalid';
}

/** Sends receipt emails through the SMTP server at `url`, from `from`, naming `merchant` where the order does not. */
export function smtpReceiptSender(options: { url: string; from: string; merchant?: string }): ReceiptSender {
  const transport: Transporter = createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = domainOf(options.from);
  return {
    send: async (mail) => {
      const written = writeReceiptMail(mail, options.merchant);
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: written.subject,
        text: written.text,
        html: written.html,
        messageId: `<${mail.id}@${domain}>`,
        headers: { 'Content-Language': written.language, 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
}
