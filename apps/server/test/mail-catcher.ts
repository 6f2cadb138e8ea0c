import type { AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first link of the plain-text part. */
  link: string;
}

function toCaught(parsed: ParsedMail): CaughtMail {
  const to = Array.isArray(parsed.to) ? (parsed.to[0]?.text ?? '') : (parsed.to?.text ?? '');
  const text = parsed.text ?? '';
  return {
    to: to.toLowerCase(),
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    link: /https?:\/\/\S+/.exec(text)?.[0] ?? '',
  };
}

/**
 * A real SMTP server (the `smtp-server` package) on a free local port, keeping what it receives. `next(to)` waits for the
 * next mail to that address: no sleep, the test's own time limit applies.
 */
export async function startMailCatcher(
  options: {
    /** A fixed port (the journeys' catcher); a free one by default. */
    port?: number;
    /** Called with each mail as it arrives. */
    onMail?: (mail: CaughtMail) => void;
  } = {},
) {
  const mails: CaughtMail[] = [];
  const waiters: { to: string; resolve: (mail: CaughtMail) => void }[] = [];
  const taken = new Set<CaughtMail>();
  const deliver = (mail: CaughtMail) => {
    mails.push(mail);
    options.onMail?.(mail);
    const index = waiters.findIndex((w) => w.to === mail.to);
    if (index >= 0) {
      const [waiter] = waiters.splice(index, 1);
      taken.add(mail);
      waiter?.resolve(mail);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          deliver(toCaught(parsed));
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` not yet returned by next(). */
    next(to: string): Promise<CaughtMail> {
      const address = to.toLowerCase();
      const ready = mails.find((m) => m.to === address && !taken.has(m));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiters.push({ to: address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
