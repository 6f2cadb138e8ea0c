import { micromark, type Options } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';
import {
  createContext,
  createElement,
  Fragment,
  useContext,
  useMemo,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';

import { cn } from '@/lib/utils';

/*
 * Authored texts are Markdown that nobody reviewed for markup: a challenge's author, a stolen admin account, an
 * imported pack or a player's write-up. They are rendered in two steps, each enough alone to keep script out
 * (docs/architecture.md, "Authored texts"):
 *
 * 1. micromark (the CommonMark parser under remark, with GitHub's tables, strikethrough, autolinks and task lists)
 *    writes HTML. Raw HTML is never passed through (`allowDangerousHtml: false`; `skipRawHtml` below drops it instead of
 *    showing it as text), and a URL whose scheme is not on micromark's list is written empty: `javascript:`,
 *    `vbscript:`, `data:`, entity-encoded or not (character references are decoded before the check).
 * 2. That HTML is read into an inert `<template>` (no script runs, no image loads there), or on the server by
 *    htmlparser2 (a challenge page's first paint, server-render/page-preview.tsx), and rebuilt as React elements from a
 *    closed list of tags and attributes: any other tag leaves only its text, any other attribute is dropped, and only
 *    http(s), mailto and relative URLs are kept. Links open in a new tab that cannot reach back into the platform; an
 *    image whose URL was emptied leaves its alt text; images load lazily.
 *
 * react-markdown did the same through an mdast and a hast tree: 49.7 KB gzip on the challenge page's critical path,
 * against 20.3 KB here (issue #36).
 */

type HtmlExtension = NonNullable<Options['htmlExtensions']>[number];

const dropToken = () => undefined;

/** As react-markdown's `skipHtml`: the text of a raw HTML block or tag is not written at all. */
const skipRawHtml: HtmlExtension = { exit: { htmlFlowData: dropToken, htmlTextData: dropToken } };

const MICROMARK_OPTIONS: Options = {
  allowDangerousHtml: false,
  allowDangerousProtocol: false,
  extensions: [gfmAutolinkLiteral(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()],
  htmlExtensions: [gfmAutolinkLiteralHtml(), gfmStrikethroughHtml(), gfmTableHtml(), gfmTaskListItemHtml(), skipRawHtml],
};

/** Tags rebuilt as they are, without attributes. */
const PLAIN_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'li',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
]);
const VOID_TAGS = new Set(['hr', 'br']);
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'pre', 'blockquote', 'table', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Where React rejects text between children (a table's rows) and lists, whose line breaks mean nothing. */
const NO_TEXT_BETWEEN = new Set(['table', 'thead', 'tbody', 'tr', 'ul', 'ol']);
const ALIGNMENTS = new Set(['left', 'center', 'right']);
const SAFE_SCHEME = /^(https?|mailto)$/i;

/** http(s), mailto, or no scheme at all (a path on this site, an anchor). */
function isSafeUrl(url: string): boolean {
  const colon = url.indexOf(':');
  if (colon === -1) return true;
  const pathStart = url.search(/[/?#]/);
  if (pathStart !== -1 && pathStart < colon) return true;
  return SAFE_SCHEME.test(url.slice(0, colon));
}

const LINK_CLASS = 'font-medium text-primary underline underline-offset-4 hover:text-primary/80';

/** micromark's HTML once parsed, as the rebuild reads it: a text, or an element with its attributes and children. */
export type MarkupNode = string | { tag: string; attributes: Readonly<Record<string, string>>; children: MarkupNode[] };

/** Parses micromark's HTML into MarkupNodes. */
export type ParseMarkup = (html: string) => MarkupNode[];

function fromDom(nodes: NodeListOf<ChildNode>): MarkupNode[] {
  const parsed: MarkupNode[] = [];
  for (const node of nodes) {
    if (node.nodeType === Node.TEXT_NODE) parsed.push(node.textContent ?? '');
    else if (node instanceof Element) {
      const attributes = Object.fromEntries([...node.attributes].map((attribute) => [attribute.name, attribute.value]));
      parsed.push({ tag: node.localName, attributes, children: fromDom(node.childNodes) });
    }
  }
  return parsed;
}

/** The browser's parser: an inert template, where no script runs and no image loads. */
function parseInTemplate(html: string): MarkupNode[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return fromDom(template.content.childNodes);
}

const MarkupParserContext = createContext<ParseMarkup>(parseInTemplate);

/** Another parser than the browser's, for a render without a DOM (server-render/page-preview.tsx). */
export const MarkupParserProvider = MarkupParserContext.Provider;

function isElementNode(node: MarkupNode | undefined): node is Exclude<MarkupNode, string> {
  return typeof node === 'object';
}

function renderNodes(nodes: MarkupNode[], skipBlankText: boolean, firstKey: number): ReactNode[] {
  const rendered: ReactNode[] = [];
  nodes.forEach((node, index) => {
    if (!isElementNode(node)) {
      if (!(skipBlankText && node.trim() === '')) rendered.push(node);
    } else {
      rendered.push(renderElement(node, firstKey + index));
    }
  });
  return rendered;
}

function renderChildren(nodes: MarkupNode[], tag: string | null): ReactNode[] {
  const first = nodes[0];
  if ((tag === 'li' || tag === 'p') && isElementNode(first) && first.tag === 'input') {
    // A task's box is named by the text after it, up to a nested block (a sub-list): a box without a name is a
    // form field without a label.
    const end = nodes.findIndex((node, index) => index > 0 && isElementNode(node) && BLOCK_TAGS.has(node.tag));
    const labelled = end === -1 ? nodes : nodes.slice(0, end);
    return [
      <label key="task">{renderNodes(labelled, false, 0)}</label>,
      ...renderNodes(nodes.slice(labelled.length), false, labelled.length),
    ];
  }
  return renderNodes(nodes, tag !== null && NO_TEXT_BETWEEN.has(tag), 0);
}

function renderElement({ tag, attributes, children: childNodes }: Exclude<MarkupNode, string>, key: number): ReactNode {
  const children = VOID_TAGS.has(tag) ? [] : renderChildren(childNodes, tag);
  const title = attributes.title;
  switch (tag) {
    case 'a': {
      const href = attributes.href ?? '';
      // An emptied URL leaves the link's text, not a link back to this page.
      if (href === '' || !isSafeUrl(href)) return createElement('span', { key }, ...children);
      return (
        <a key={key} href={href} title={title} target="_blank" rel="noopener noreferrer nofollow" className={LINK_CLASS}>
          {children}
        </a>
      );
    }
    case 'img': {
      const src = attributes.src ?? '';
      const alt = attributes.alt ?? '';
      // An emptied URL leaves no image: an empty src would request the page again.
      if (src === '' || !isSafeUrl(src)) return <span key={key}>{alt}</span>;
      return <img key={key} src={src} alt={alt} title={title} loading="lazy" />;
    }
    case 'input':
      // A task list's box; it cannot be ticked.
      if (attributes.type !== 'checkbox') return null;
      return <input key={key} type="checkbox" checked={'checked' in attributes} disabled readOnly className="mr-1.5" />;
    case 'ol': {
      const start = Number(attributes.start ?? 1);
      return createElement('ol', { key, start: Number.isSafeInteger(start) ? start : undefined }, ...children);
    }
    case 'th':
    case 'td': {
      const align = attributes.align ?? '';
      const style: CSSProperties | undefined = ALIGNMENTS.has(align)
        ? { textAlign: align as CSSProperties['textAlign'] }
        : undefined;
      return createElement(tag, { key, style }, ...children);
    }
    default:
      // Any tag not on the list (none that micromark writes with these options) leaves its text only.
      return createElement(PLAIN_TAGS.has(tag) ? tag : Fragment, { key }, ...children);
  }
}

interface MarkdownProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Markdown written by a challenge author: trusted for layout only, never for markup or script. */
  children: string;
}

/** Authored challenge text (descriptions, hints, explanations), rendered safely with GitHub-flavoured Markdown. */
export function Markdown({ children, className, ...props }: MarkdownProps) {
  const parse = useContext(MarkupParserContext);
  const content = useMemo(() => renderChildren(parse(micromark(children, MICROMARK_OPTIONS)), null), [parse, children]);
  return (
    <div
      data-slot="markdown"
      className={cn(
        'grid gap-3 leading-relaxed break-words',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
        '[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold',
        '[&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
        '[&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1',
        '[&_img]:max-w-full [&_img]:rounded',
        className,
      )}
      {...props}
    >
      {content}
    </div>
  );
}
