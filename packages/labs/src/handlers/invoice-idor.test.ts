import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { ALICE_INVOICES, invoiceIdorLab } from './invoice-idor.js';

function get(path: string) {
  return runLab(invoiceIdorLab, 'get', { path });
}

describe('invoice-idor lab: another customer’s invoice shows the flag', () => {
  it.each([
    ['the next id', '/invoices/4707'],
    ['the first invoice', '/invoices/4701'],
    ['a trailing slash', '/invoices/4720/'],
    ['a percent-encoded id', '/invoices/%34%37%30%32'],
    ['a dot segment the URL parser removes', '/invoices/../invoices/4712'],
    ['leading zeros, which the integer cast drops', '/invoices/04705'],
    ['a full URL on the same site, with a query', 'https://billing.example/invoices/4714?download=0'],
  ])('%s: %j', (_name, path) => {
    const result = get(path);
    expect(result.code).toBe('other-customer');
    expect(result.output.text).toContain('Customer:');
    expect(result.output.text).not.toContain('Alice');
    expectFlag(result);
  });
});

describe('invoice-idor lab: near-misses fail', () => {
  it.each(ALICE_INVOICES.map((id) => `/invoices/${id}`))('alice’s own invoice %s', (path) => {
    const result = get(path);
    expect(result.code).toBe('own-invoice');
    expect(result.output.text).toContain('Alice Martin');
    expectNoFlag(result);
  });

  it.each(['/invoices/4700', '/invoices/4721', '/invoices/0', '/invoices/-4707', '/invoices/999999999999'])(
    'an id that does not exist: %s',
    (path) => {
      const result = get(path);
      expect(result).toMatchObject({ code: 'not-found', output: { status: '404' } });
      expectNoFlag(result);
    },
  );

  it.each([
    ['a non-numeric id', '/invoices/4707abc'],
    ['an SQL-looking id', "/invoices/4706' OR 1=1--"],
    ['a malformed escape', '/invoices/%E0%A4%A'],
    ['another path', '/admin/invoices/4707'],
    ['another site', 'https://evil.example/invoices/4707'],
    ['the query string, which the route ignores', '/invoices/4706?id=4707'],
  ])('%s: %j', (_name, path) => {
    expectNoFlag(get(path));
  });

  it('lists only alice’s invoices at /invoices', () => {
    const result = get('/invoices');
    expect(result.code).toBe('list');
    for (const id of ALICE_INVOICES) expect(result.output.text).toContain(`/invoices/${id}`);
    expect(result.output.text).not.toContain('/invoices/4707');
    expectNoFlag(result);
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(invoiceIdorLab, 'admin', { path: '/invoices/4707' }).code).toBe('unknown-action');
  });
});
