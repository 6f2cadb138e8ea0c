import { expect } from 'vitest';

/** Any emoji code point: badge icons are drawn as SVG, since emoji show as empty boxes without an emoji font. */
const EMOJI = /\p{Extended_Pictographic}/u;

/** The element shows a badge icon drawn as SVG, and no emoji in its text. */
export function expectSvgBadgeIcon(element: HTMLElement): void {
  expect(element.querySelector('svg[data-badge-icon]')).toBeInstanceOf(SVGSVGElement);
  expect(element.textContent).not.toMatch(EMOJI);
}
