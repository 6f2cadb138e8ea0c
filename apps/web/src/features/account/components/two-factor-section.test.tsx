import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const URI = 'otpauth://totp/Drapeau:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Drapeau';
const BACKUP = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('two-factor on the account page', () => {
  it('turns on with the password, shows the QR code, the secret and ten backup codes, then a first code', async () => {
    let enabled = false;
    const confirmed: string[] = [];
    server.use(
      http.get('/api/badges', () => HttpResponse.json({ badges: [] })),
      http.get('/api/auth/two-factor', () => HttpResponse.json({ enabled })),
      http.post('/api/auth/two-factor/enable', () =>
        HttpResponse.json({ totpURI: URI, secret: 'JBSWY3DPEHPK3PXP', backupCodes: BACKUP }),
      ),
      http.post('/api/auth/two-factor/confirm', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        confirmed.push(code);
        if (code !== '123456') return errorResponse(401, 'TWO_FACTOR_INVALID_CODE');
        enabled = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/account', { sessionUser: buildUser() });
    const section = (await screen.findByRole('heading', { name: /Two-factor authentication/ })).closest('section')!;
    await user.type(within(section).getByLabelText('Current password'), 'secret123');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/) as string,
    );
    expect(within(section).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const codes = within(within(section).getByTestId('backup-codes'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(codes).toHaveLength(10);
    // Kept by a copy or a download of the same codes, one a line.
    const download = within(section).getByRole('link', { name: 'Download the codes' });
    expect(download).toHaveAttribute('download', 'drapeau-backup-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href')!.replace('data:text/plain;charset=utf-8,', ''))).toBe(
      `${codes.join('\n')}\n`,
    );
    await user.click(within(section).getByRole('button', { name: 'Copy the codes' }));
    expect(await navigator.clipboard.readText()).toBe(`${codes.join('\n')}\n`);

    await user.type(within(section).getByLabelText('First code from the app'), '000000');
    await user.click(within(section).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('First code from the app'));
    await user.type(within(section).getByLabelText('First code from the app'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(confirmed).toEqual(['000000', '123456']);
  });
});
