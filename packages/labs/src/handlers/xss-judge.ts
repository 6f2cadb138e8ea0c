import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

/**
 * Decides whether markup would run script in a browser, by parsing it as the browser does (parse5 implements the WHATWG
 * HTML parsing algorithm: entities decoded, attributes lowercased, elements placed where a browser puts them) and then
 * looking for what executes on its own: a script element, an event handler that fires without the victim doing
 * anything (onload, onerror on something that loads, onfocus with autofocus, ontoggle on an open details, SVG
 * animation events…), a javascript: URL in a frame. Handlers and links that need a click or a hover are reported
 * apart: they are XSS too, but this lab asks for one that fires by itself. See docs/decisions/011-real-labs.md.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export type XssVerdict = { kind: 'runs'; reason: string } | { kind: 'needs-interaction'; reason: string } | { kind: 'inert' };

const SVG_NS: string = 'http://www.w3.org/2000/svg';
const LOADS_A_RESOURCE: Readonly<Record<string, string>> = {
  img: 'src',
  image: 'href',
  script: 'src',
  link: 'href',
  object: 'data',
};
const MEDIA = new Set(['video', 'audio']);
const FOCUSABLE = new Set(['input', 'textarea', 'select', 'button', 'iframe', 'summary']);
const SVG_ANIMATIONS = new Set(['animate', 'animatetransform', 'animatemotion', 'set']);
const INTERACTION_EVENTS = new Set([
  'onclick', 'ondblclick', 'onauxclick', 'oncontextmenu', 'onmousedown', 'onmouseup', 'onmouseover', 'onmouseout',
  'onmouseenter', 'onmouseleave', 'onmousemove', 'onpointerdown', 'onpointerup', 'onpointerover', 'onpointerenter',
  'onpointermove', 'onkeydown', 'onkeyup', 'onkeypress', 'oninput', 'onchange', 'onsubmit', 'onfocus', 'onfocusin',
  'onblur', 'onfocusout', 'onwheel', 'onscroll', 'ondrag', 'ondragstart', 'ondrop', 'oncopy', 'oncut', 'onpaste',
  'ontouchstart', 'ontouchend', 'onselect', 'oninvalid', 'onsearch',
]); // prettier-ignore

function attribute(element: Element, name: string): string | undefined {
  return (
    element.attrs.find((attr) => attr.name === name && !attr.namespace)?.value ??
    element.attrs.find((attr) => attr.name === name || attr.name === `xlink:${name}`)?.value
  );
}

/** The URL parser's view of a scheme: leading and trailing C0 controls and spaces dropped, tabs and newlines removed. */
function isJavascriptUrl(value: string): boolean {
  const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, ''); // eslint-disable-line no-control-regex
  return cleaned.toLowerCase().startsWith('javascript:');
}

function hasText(element: Element): boolean {
  return element.childNodes.some((child) => child.nodeName === '#text' && 'value' in child && child.value.trim() !== '');
}

function isFocusable(element: Element): boolean {
  return (
    FOCUSABLE.has(element.tagName) ||
    (element.tagName === 'a' && attribute(element, 'href') !== undefined) ||
    attribute(element, 'tabindex') !== undefined ||
    attribute(element, 'contenteditable') !== undefined
  );
}

/** Whether `event` fires on `element` as soon as the page is shown, in a document whose style text is `css`. */
function firesByItself(element: Element, event: string, css: string): boolean {
  const tag = element.tagName;
  const isSvg = String(element.namespaceURI) === SVG_NS;
  switch (event) {
    case 'onload':
      return (
        tag === 'body' ||
        tag === 'frameset' ||
        tag === 'iframe' ||
        tag === 'style' ||
        (isSvg && tag === 'svg') ||
        (LOADS_A_RESOURCE[tag] !== undefined && attribute(element, LOADS_A_RESOURCE[tag] ?? '') !== undefined) ||
        (tag === 'input' && attribute(element, 'type')?.toLowerCase() === 'image' && attribute(element, 'src') !== undefined)
      );
    case 'onerror':
      return (
        (LOADS_A_RESOURCE[tag] !== undefined && attribute(element, LOADS_A_RESOURCE[tag] ?? '') !== undefined) ||
        (MEDIA.has(tag) && attribute(element, 'src') !== undefined) ||
        (tag === 'source' && attribute(element, 'src') !== undefined) ||
        (tag === 'input' && attribute(element, 'type')?.toLowerCase() === 'image')
      );
    case 'onloadstart':
      return (
        MEDIA.has(tag) && (attribute(element, 'src') !== undefined || element.childNodes.some((c) => c.nodeName === 'source'))
      );
    case 'onpageshow':
      return tag === 'body' || tag === 'frameset';
    case 'onfocus':
    case 'onfocusin':
      return attribute(element, 'autofocus') !== undefined && isFocusable(element);
    case 'ontoggle':
      return tag === 'details' && attribute(element, 'open') !== undefined;
    case 'onbegin':
    case 'onend':
    case 'onrepeat':
      return isSvg && SVG_ANIMATIONS.has(tag);
    case 'onanimationstart':
    case 'onanimationend':
    case 'onanimationiteration':
      return /animation/i.test(attribute(element, 'style') ?? '') && /@keyframes/i.test(css);
    default:
      return false;
  }
}

function walk(node: Node, visit: (element: Element) => void): void {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
}

/** Judges a whole document (the comment as the page embeds it, or an iframe's srcdoc). */
function judgeDocument(html: string, depth: number): XssVerdict {
  const document = parse(html, { scriptingEnabled: true });
  const elements: Element[] = [];
  walk(document, (element) => elements.push(element));
  const css = elements
    .filter((element) => element.tagName === 'style')
    .flatMap((element) => element.childNodes.map((child) => ('value' in child ? child.value : '')))
    .join('\n');
  let interaction: XssVerdict = { kind: 'inert' };
  for (const element of elements) {
    const tag = element.tagName;
    if (tag === 'script' && (hasText(element) || attribute(element, 'src') !== undefined)) {
      return { kind: 'runs', reason: '<script>' };
    }
    for (const { name, value } of element.attrs) {
      if (!name.startsWith('on') || value.trim() === '') continue;
      if (firesByItself(element, name, css)) return { kind: 'runs', reason: `${name} on <${tag}>` };
      if (INTERACTION_EVENTS.has(name)) interaction = { kind: 'needs-interaction', reason: `${name} on <${tag}>` };
    }
    if ((tag === 'iframe' || tag === 'frame') && isJavascriptUrl(attribute(element, 'src') ?? '')) {
      return { kind: 'runs', reason: `javascript: URL in <${tag} src>` };
    }
    const srcdoc = tag === 'iframe' ? attribute(element, 'srcdoc') : undefined;
    if (srcdoc !== undefined && depth < 3) {
      const inner = judgeDocument(srcdoc, depth + 1);
      if (inner.kind === 'runs') return { kind: 'runs', reason: `${inner.reason} in <iframe srcdoc>` };
    }
    for (const name of ['href', 'action', 'formaction']) {
      const value = attribute(element, name);
      if (value !== undefined && isJavascriptUrl(value)) {
        interaction = { kind: 'needs-interaction', reason: `javascript: URL in <${tag} ${name}>` };
      }
    }
  }
  return interaction;
}

/** The comment as the page shows it: inside the body of an HTML document. */
export function judgeMarkup(html: string): XssVerdict {
  return judgeDocument(`<!doctype html><html><head><title>Comments</title></head><body>${html}</body></html>`, 0);
}
