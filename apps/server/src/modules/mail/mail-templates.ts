/**
 * The mails Drapeau sends, in English and French (docs/decisions/012-accounts.md). Mails are the one place where the server
 * writes sentences for people: a mail client has no web app to word them. Each mail is plain text plus HTML.
 */
export type MailLocale = 'en' | 'fr';

export type MailKind = 'verify-email' | 'reset-password' | 'change-email';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Wording {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
}

const WORDING: Record<MailLocale, Record<MailKind, Wording>> = {
  en: {
    'verify-email': {
      subject: 'Confirm your email address',
      greeting: (name) => `Hello ${name},`,
      body: 'Please confirm that this address is yours: open the link below, then press the button on the page.',
      action: 'Confirm my address',
      expiry: 'The link is valid for one hour.',
      ignore: 'If you did not create an account on Drapeau, you can ignore this mail.',
    },
    'reset-password': {
      subject: 'Choose a new password',
      greeting: (name) => `Hello ${name},`,
      body: 'Someone asked to reset the password of your Drapeau account. Open the link below to choose a new one.',
      action: 'Choose a new password',
      expiry: 'The link works once, within one hour.',
      ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    'change-email': {
      subject: 'Confirm your new email address',
      greeting: (name) => `Hello ${name},`,
      body: 'You asked to use this address for your Drapeau account. Open the link below, then press the button on the page.',
      action: 'Use this address',
      expiry: 'The link is valid for one hour.',
      ignore: 'If you did not ask for this, ignore this mail: your account keeps its current address.',
    },
  },
  fr: {
    'verify-email': {
      subject: 'Confirmez votre adresse e-mail',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Confirmez que cette adresse est bien la vôtre\u00a0: ouvrez le lien ci-dessous, puis appuyez sur le bouton de la page.',
      action: 'Confirmer mon adresse',
      expiry: 'Le lien est valable une heure.',
      ignore: 'Si vous n’avez pas créé de compte sur Drapeau, ignorez ce message.',
    },
    'reset-password': {
      subject: 'Choisissez un nouveau mot de passe',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Drapeau. Ouvrez le lien ci-dessous pour en choisir un nouveau.',
      action: 'Choisir un nouveau mot de passe',
      expiry: 'Le lien ne sert qu’une fois, pendant une heure.',
      ignore: 'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe ne change pas.',
    },
    'change-email': {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Vous avez demandé à utiliser cette adresse pour votre compte Drapeau. Ouvrez le lien ci-dessous, puis appuyez sur le bouton de la page.',
      action: 'Utiliser cette adresse',
      expiry: 'Le lien est valable une heure.',
      ignore: 'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre compte garde son adresse actuelle.',
    },
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The first of `en`/`fr` named by an Accept-Language header; English otherwise. */
export function localeFromAcceptLanguage(header: string | null | undefined): MailLocale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** The language a rendered mail was written in, read back from its HTML part (`<html lang>`, set by renderMail). */
export function localeOfMail(html: string): MailLocale {
  return /<html lang="fr"/.test(html) ? 'fr' : 'en';
}

export function renderMail(kind: MailKind, locale: MailLocale, vars: { name: string; url: string }): RenderedMail {
  const w = WORDING[locale][kind];
  const text = [w.greeting(vars.name), '', w.body, '', vars.url, '', w.expiry, w.ignore, '', '-- Drapeau'].join('\n');
  const url = escapeHtml(vars.url);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #111;">
<p>${escapeHtml(w.greeting(vars.name))}</p>
<p>${escapeHtml(w.body)}</p>
<p><a href="${url}" style="display: inline-block; padding: 8px 16px; background: #1d4ed8; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(w.action)}</a></p>
<p style="font-size: 0.9em; color: #555;">${url}</p>
<p style="font-size: 0.9em; color: #555;">${escapeHtml(w.expiry)} ${escapeHtml(w.ignore)}</p>
<p>Drapeau</p>
</body></html>`;
  return { subject: w.subject, text, html };
}
