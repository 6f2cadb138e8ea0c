import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { expectSvgBadgeIcon } from '@/testing/badge-icon-assertions';

import { BadgeIcon } from './badge-icon';

describe('badge icon', () => {
  it.each(['🩸', '🔓', '💀', '💯', '🏆', '🌐', '🥷', '🔍', '🦄', undefined])(
    'draws %s as an SVG icon, never as the emoji itself',
    (icon) => {
      const { container } = render(<BadgeIcon icon={icon} />);
      expectSvgBadgeIcon(container);
      expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    },
  );

  it('gives the built-in badges different icons', () => {
    const drawn = ['🩸', '🔓', '💀', '💯', '🏆', '🌐', '🥷', '🔍'].map(
      (icon) => render(<BadgeIcon icon={icon} />).container.innerHTML,
    );
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
