import { ConsoleLab } from './console-lab';

/** docs/product.md#in-page-labs: the billing app's address bar, signed in as alice. */
export function InvoiceIdorLab() {
  return (
    <ConsoleLab
      labId="invoice-idor"
      action="get"
      field="path"
      prompt="GET https://billing.example"
      placeholder="/invoices/4706"
      initialValue="/invoices"
      messageCodes={['not-found', 'own-invoice', 'other-customer', 'bad-request', 'other-site']}
    />
  );
}
