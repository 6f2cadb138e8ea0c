import { micromark, type Options } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';
import { createElement, Fragment, useMemo, type ComponentProps, type CSSProperties, type ReactNode } from 'react';

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
 * 2. That HTML is read into an inert `<template>` (no script runs, no image loads there) and rebuilt as React elements
 *    from a closed list of tags and attributes: any other tag leaves only its text, any other attribute is dropped, and
 *    only http(s), mailto and relative URLs are kept. Links open in a new tab that cannot reach back into the platform;
 *    an image whose URL was emptied leaves its alt text; images load lazily.
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

function isElement(node: Node): node is Element {
  return node.nodeType === Node.ELEMENT_NODE;
}

function renderNodes(nodes: ChildNode[], skipBlankText: boolean, firstKey: number): ReactNode[] {
  const rendered: ReactNode[] = [];
  nodes.forEach((node, index) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      if (!(skipBlankText && text.trim() === '')) rendered.push(text);
    } else if (isElement(node)) {
      rendered.push(renderElement(node, firstKey + index));
    }
  });
  return rendered;
}

function renderChildren(parent: ParentNode, tag: string | null): ReactNode[] {
  const nodes = [...parent.childNodes];
  const first = nodes[0];
  if ((tag === 'li' || tag === 'p') && first && isElement(first) && first.localName === 'input') {
    // A task's box is named by the text after it, up to a nested block (a sub-list): a box without a name is a
    // form field without a label.
    const end = nodes.findIndex((node, index) => index > 0 && isElement(node) && BLOCK_TAGS.has(node.localName));
    const labelled = end === -1 ? nodes : nodes.slice(0, end);
    return [
      <label key="task">{renderNodes(labelled, false, 0)}</label>,
      ...renderNodes(nodes.slice(labelled.length), false, labelled.length),
    ];
  }
  return renderNodes(nodes, tag !== null && NO_TEXT_BETWEEN.has(tag), 0);
}

function renderElement(element: Element, key: number): ReactNode {
  const tag = element.localName;
  const children = VOID_TAGS.has(tag) ? [] : renderChildren(element, tag);
  const title = element.getAttribute('title') ?? undefined;
  switch (tag) {
    case 'a': {
      const href = element.getAttribute('href') ?? '';
      // An emptied URL leaves the link's text, not a link back to this page.
      if (href === '' || !isSafeUrl(href)) return createElement('span', { key }, ...children);
      return (
        <a key={key} href={href} title={title} target="_blank" rel="noopener noreferrer nofollow" className={LINK_CLASS}>
          {children}
        </a>
      );
    }
    case 'img': {
      const src = element.getAttribute('src') ?? '';
      const alt = element.getAttribute('alt') ?? '';
      // An emptied URL leaves no image: an empty src would request the page again.
      if (src === '' || !isSafeUrl(src)) return <span key={key}>{alt}</span>;
      return <img key={key} src={src} alt={alt} title={title} loading="lazy" />;
    }
    case 'input':
      // A task list's box; it cannot be ticked.
      if (element.getAttribute('type') !== 'checkbox') return null;
      return <input key={key} type="checkbox" checked={element.hasAttribute('checked')} disabled readOnly className="mr-1.5" />;
    case 'ol': {
      const start = Number(element.getAttribute('start') ?? 1);
      return createElement('ol', { key, start: Number.isSafeInteger(start) ? start : undefined }, ...children);
    }
    case 'th':
    case 'td': {
      const align = element.getAttribute('align') ?? '';
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

function renderMarkdown(markdown: string): ReactNode[] {
  const template = document.createElement('template');
  template.innerHTML = micromark(markdown, MICROMARK_OPTIONS);
  return renderChildren(template.content, null);
}

interface MarkdownProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Markdown written by a challenge author: trusted for layout only, never for markup or script. */
  children: string;
}

/** Authored challenge text (descriptions, hints, explanations), rendered safely with GitHub-flavoured Markdown. */
export function Markdown({ children, className, ...props }: MarkdownProps) {
  const content = useMemo(() => renderMarkdown(children), [children]);
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
