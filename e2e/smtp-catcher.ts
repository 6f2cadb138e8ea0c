/**
 * The journeys' mail server: a real SMTP server (the `smtp-server` package) that the app under test sends its account mails
 * to (SMTP_URL in playwright.config.ts). Playwright starts it as a web server before the app and stops it after the run.
 * Each mail received is written to MAIL_DIR as one JSON file, which the journeys read (e2e/mailbox.ts).
 * Usage: tsx e2e/smtp-catcher.ts <port> <dir>
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [portArgument, dir] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || !dir) throw new Error('usage: smtp-catcher.ts <port> <dir>');

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received += 1;
        const to = Array.isArray(parsed.to) ? (parsed.to[0]?.text ?? '') : (parsed.to?.text ?? '');
        const mail = {
          to: to.toLowerCase(),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        };
        // Written whole, then renamed: a reader never sees half a file.
        const file = path.join(dir, `${String(received).padStart(6, '0')}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify(mail));
        renameSync(`${file}.tmp`, file);
        callback();
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
