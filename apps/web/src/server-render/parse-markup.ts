import { DomUtils, parseDOM } from 'htmlparser2';

import type { MarkupNode, ParseMarkup } from '@/components/ui/markdown';

type ParsedNode = ReturnType<typeof parseDOM>[number];

function fromTree(nodes: ParsedNode[]): MarkupNode[] {
  const parsed: MarkupNode[] = [];
  for (const node of nodes) {
    if (DomUtils.isText(node)) parsed.push(node.data);
    else if (DomUtils.isTag(node))
      parsed.push({ tag: node.name, attributes: { ...node.attribs }, children: fromTree(node.children) });
  }
  return parsed;
}

/**
 * micromark's HTML parsed without a DOM, for a render on the server (page-preview.tsx): htmlparser2 decodes character
 * references in texts and attributes as the browser's parser does, and the Markdown renderer rebuilds the same elements
 * from the same closed list (components/ui/markdown.tsx).
 */
export const parseMarkupOnServer: ParseMarkup = (html) => fromTree(parseDOM(html));
