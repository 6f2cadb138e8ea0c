import type { Transporter } from 'nodemailer';

import { ADMIN_PAGE_SIZE, type OutboxPage } from '@drapeau/shared';

import { localeOfMail, type MailKind, type MailLocale, renderMail } from './mail-templates.js';
import type { MailRepository } from './mail.repository.js';

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset = the outbox that admins read. */
  smtpUrl: string | undefined;
  from: string;
  repository: MailRepository;
  /** Told about a mail that could not be sent (never the mail itself: it holds a sign-in link). */
  reportError: (error: unknown, kind: MailKind) => void;
}

export interface MailRequest {
  to: string;
  kind: MailKind;
  locale: MailLocale;
  name: string;
  url: string;
}

/**
 * Sends the account mails through SMTP (nodemailer), or writes them to the outbox when no SMTP server is configured.
 * `send` returns at once and the mail goes out in the background, so that a request answers in the same time whether or
 * not it produced a mail (an account's existence is not told by timing); `idle()` waits for the mails under way.
 */
export function createMailer(options: MailerOptions) {
  // nodemailer is imported with the first mail (docs/performance.md "Cold start").
  const { smtpUrl } = options;
  let opened: Promise<Transporter> | undefined;
  const transportFor = (url: string) =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const pending = new Set<Promise<void>>();

  async function deliver(request: MailRequest): Promise<void> {
    const mail = renderMail(request.kind, request.locale, { name: request.name, url: request.url });
    if (smtpUrl) {
      const transport = await transportFor(smtpUrl);
      await transport.sendMail({ from: options.from, to: request.to, subject: mail.subject, text: mail.text, html: mail.html });
    } else {
      await options.repository.insertMail({ recipient: request.to, ...mail });
    }
  }

  return {
    mode: smtpUrl ? ('smtp' as const) : ('outbox' as const),
    send(request: MailRequest): void {
      const task = deliver(request)
        .catch((error: unknown) => options.reportError(error, request.kind))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    /** The outbox, newest first (admins only: the mails hold sign-in links). */
    async listOutbox(page: number): Promise<OutboxPage> {
      const { rows, total } = await options.repository.listMails({
        offset: (page - 1) * ADMIN_PAGE_SIZE,
        limit: ADMIN_PAGE_SIZE,
      });
      return {
        mode: smtpUrl ? 'smtp' : 'outbox',
        mails: rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          subject: row.subject,
          language: localeOfMail(row.html),
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close(): void {
      void opened?.then((transport) => transport.close());
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
