/**
 * The journeys' mail server: the route tests' real SMTP server (apps/server/test/mail-catcher.ts) on a fixed port, which
 * the app under test sends its account mails to (SMTP_URL in playwright.config.ts). Playwright starts it as a web server
 * before the app and stops it after the run. Each mail received is written to MAIL_DIR as one JSON file, which the
 * journeys read (e2e/mailbox.ts).
 * Usage: tsx e2e/smtp-catcher.ts <port> <dir>
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { startMailCatcher } from '../apps/server/test/mail-catcher';

const [portArgument, dir] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || !dir) throw new Error('usage: smtp-catcher.ts <port> <dir>');

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let received = 0;

const catcher = await startMailCatcher({
  port,
  onMail: (mail) => {
    received += 1;
    // Written whole, then renamed: a reader never sees half a file.
    const file = path.join(dir, `${String(received).padStart(6, '0')}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(mail));
    renameSync(`${file}.tmp`, file);
  },
});
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
