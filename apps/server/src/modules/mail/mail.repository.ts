import { count, desc } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface OutboxMailInsert {
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxMailRow extends OutboxMailInsert {
  id: number;
  createdAt: Date;
}

/** The outbox of mails written instead of sent when no SMTP server is configured. */
export function createMailRepository(db: Db) {
  return {
    async insertMail(mail: OutboxMailInsert): Promise<void> {
      await db.insert(mailOutbox).values(mail);
    },
    async listMails(window: { offset: number; limit: number }): Promise<{ rows: OutboxMailRow[]; total: number }> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(window.limit)
        .offset(window.offset);
      const [total] = await db.select({ n: count() }).from(mailOutbox);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
