import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

/**
 * Invoice IDOR (Easy): a billing app where the player is signed in as alice. GET /invoices/:id looks the invoice up by id
 * and never checks that it belongs to the signed-in customer (the flaw). The path is read as Express reads it: the URL is
 * normalised (dot segments), the parameter percent-decoded, then cast to an integer as PostgreSQL casts it.
 */

const CURRENT_CUSTOMER = 'alice';
const ORIGIN = 'https://billing.example';

interface Invoice {
  id: number;
  customer: string;
  company: string;
  date: string;
  items: [string, number][];
}

const CUSTOMERS: Readonly<Record<string, string>> = {
  alice: 'Alice Martin (Atelier Martin)',
  bob: 'Bob Durand (Durand Logistique)',
  carol: 'Carol Lefèvre (Lefèvre & Fils)',
  dave: 'Dave Moreau (Moreau Conseil)',
  'ops-internal': 'Drapeau Hosting (internal account)',
};

const ITEMS: [string, number][][] = [
  [['VPS S, 1 month', 9.9]],
  [
    ['VPS M, 1 month', 19.9],
    ['Backups', 4],
  ],
  [['Domain renewal', 14.5]],
  [
    ['Dedicated server, 1 month', 89],
    ['Extra IPv4', 3],
  ],
  [['Support hours (2 h)', 120]],
];

/** Ids 4701 to 4720: alice owns three, the others belong to other customers. */
export const ALICE_INVOICES = [4706, 4713, 4719];
const FIRST_ID = 4701;
const LAST_ID = 4720;
const OTHERS = ['bob', 'carol', 'dave', 'ops-internal'];

const INVOICES: ReadonlyMap<number, Invoice> = new Map(
  Array.from({ length: LAST_ID - FIRST_ID + 1 }, (_, index): [number, Invoice] => {
    const id = FIRST_ID + index;
    const customer = ALICE_INVOICES.includes(id) ? CURRENT_CUSTOMER : (OTHERS[index % OTHERS.length] ?? 'bob');
    const day = String(1 + ((index * 3) % 28)).padStart(2, '0');
    return [
      id,
      {
        id,
        customer,
        company: CUSTOMERS[customer] ?? customer,
        date: `2026-${String(1 + Math.floor(index / 2)).padStart(2, '0')}-${day}`,
        items: ITEMS[index % ITEMS.length] ?? [],
      },
    ];
  }),
);

function renderInvoice(invoice: Invoice, note?: string): string {
  const lines = [
    `Invoice #${invoice.id}`,
    `Date:     ${invoice.date}`,
    `Customer: ${invoice.company}`,
    '',
    ...invoice.items.map(([label, amount]) => `  ${label.padEnd(30)} ${amount.toFixed(2).padStart(8)} EUR`),
    `  ${'Total'.padEnd(30)} ${invoice.items
      .reduce((sum, [, amount]) => sum + amount, 0)
      .toFixed(2)
      .padStart(8)} EUR`,
  ];
  if (note !== undefined) lines.push('', `Note: ${note}`);
  return lines.join('\n');
}

function listOwnInvoices(): string {
  return [
    'Your invoices:',
    ...ALICE_INVOICES.map((id) => {
      const invoice = INVOICES.get(id);
      return invoice ? `  /invoices/${id}  ${invoice.date}` : '';
    }),
  ].join('\n');
}

const INTEGER = /^\s*[+-]?\d{1,18}\s*$/;

/** GET <path> with alice's session cookie. */
function getPage(rawPath: string, flag: string): LabResult {
  let url: URL;
  try {
    url = new URL(rawPath.trim() || '/', ORIGIN);
  } catch {
    return { ok: false, code: 'bad-request', output: { status: '400' } };
  }
  if (url.origin !== ORIGIN) return { ok: false, code: 'other-site', output: { status: '400' } };
  const path = url.pathname;
  if (/^\/invoices\/?$/.test(path)) return { ok: false, code: 'list', output: { status: '200', text: listOwnInvoices() } };
  const match = /^\/invoices\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) return { ok: false, code: 'not-found', output: { status: '404', text: `Cannot GET ${path}` } };
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return { ok: false, code: 'bad-request', output: { status: '400', text: `URIError: Failed to decode param '${match[1]}'` } };
  }
  // SELECT * FROM invoices WHERE id = $1: PostgreSQL casts the text to an integer, or refuses it.
  if (!INTEGER.test(id))
    return {
      ok: false,
      code: 'bad-request',
      output: { status: '500', text: `error: invalid input syntax for type integer: "${id}"` },
    };
  const invoice = INVOICES.get(Number(id.trim()));
  if (!invoice) return { ok: false, code: 'not-found', output: { status: '404', text: 'Invoice not found' } };
  if (invoice.customer === CURRENT_CUSTOMER)
    return { ok: false, code: 'own-invoice', output: { status: '200', text: renderInvoice(invoice) } };
  // The flaw: no `AND customer_id = $2`. Another customer's invoice, and its internal note with the flag.
  return {
    ok: true,
    code: 'other-customer',
    output: { status: '200', text: renderInvoice(invoice, `payment reference ${flag}`), flag },
  };
}

export const invoiceIdorLab = createLabHandler('invoice-idor', {
  get: (input, { flag }) => getPage(readInput(input, 'path'), flag),
});
