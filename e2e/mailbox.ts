import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { expect } from '@playwright/test';

import { MAIL_DIR } from '../playwright.config';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function readAll(): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => JSON.parse(readFileSync(path.join(MAIL_DIR, name), 'utf8')) as ReceivedMail);
}

/**
 * The newest mail to `to` with this subject, received by the journeys' SMTP server (e2e/smtp-catcher.ts). The mail leaves
 * the app in the background after its request was answered: this waits for it within the expect timeout.
 */
export async function receiveMail(to: string, subject: string): Promise<ReceivedMail & { link: string }> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter((mail) => mail.to === to.toLowerCase() && mail.subject === subject)
          .at(-1);
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  const mail = found!;
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  return { ...mail, link };
}
