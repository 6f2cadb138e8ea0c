import { ConsoleLab } from './console-lab';

/** docs/product.md#in-page-labs: the greeting preview's name field and the HTML the server sent back. */
export function ServerSideTemplateInjectionLab() {
  return (
    <ConsoleLab
      labId="server-side-template-injection"
      action="render"
      field="name"
      prompt="POST /preview name="
      placeholder="Alice"
      messageCodes={['blocked', 'server-error']}
    />
  );
}
