import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TerminalBlock } from './terminal-block';

/** jsdom has no layout: the output's height and scroll position are given to the element. */
function withScrollHeight(element: HTMLElement, height: number): { scrollTop: number } {
  const position = { scrollTop: 0 };
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => position.scrollTop,
    set: (value: number) => (position.scrollTop = value),
  });
  return position;
}

describe('terminal block', () => {
  it('scrolls to the latest output when a command adds some', () => {
    const { rerender } = render(
      <TerminalBlock label="shell" scrollToEndOn={1}>
        one
      </TerminalBlock>,
    );
    const output = screen.getByRole('region', { name: 'shell' });
    const position = withScrollHeight(output, 900);
    rerender(
      <TerminalBlock label="shell" scrollToEndOn={2}>
        one two
      </TerminalBlock>,
    );
    expect(position.scrollTop).toBe(900);
  });

  it('can be reached by keyboard to scroll it', () => {
    render(<TerminalBlock label="vuln_driver.c">int main(void) {}</TerminalBlock>);
    expect(screen.getByRole('region', { name: 'vuln_driver.c' })).toHaveAttribute('tabindex', '0');
  });
});
