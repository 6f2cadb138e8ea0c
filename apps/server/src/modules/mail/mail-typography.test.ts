import { describe, expect, it } from 'vitest';

import { checkFrenchTypography } from '@drapeau/shared/french-typography';

import { renderMail, type MailKind } from './mail-templates.js';

const KINDS: MailKind[] = ['verify-email', 'reset-password', 'change-email'];

describe('French mails (docs/product.md#texts)', () => {
  it.each(KINDS)('%s: subject and text in French typography', (kind) => {
    const mail = renderMail(kind, 'fr', { name: 'Élodie', url: 'https://ctf.example/verify?token=a:b' });
    const problems = [mail.subject, ...mail.text.split('\n')].flatMap((line) =>
      checkFrenchTypography(line).map((problem) => `${problem.rule} in "${problem.excerpt}"`),
    );
    expect(problems).toEqual([]);
  });

  it('would see a plain space before a colon in a French mail', () => {
    expect(checkFrenchTypography('Si vous n’avez rien demandé, ignorez ce message : rien ne change.')).not.toEqual([]);
  });
});
