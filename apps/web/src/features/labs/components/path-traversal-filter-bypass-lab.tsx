import { ConsoleLab } from './console-lab';

/** docs/product.md#in-page-labs: the file viewer's address bar; the server reads the query as PHP would. */
export function PathTraversalFilterBypassLab() {
  return (
    <ConsoleLab
      labId="path-traversal-filter-bypass"
      action="view"
      field="url"
      prompt="GET http://files.example"
      placeholder="/view.php?file=welcome.txt"
      initialValue="/view.php?file=welcome.txt"
    />
  );
}
