import { describe, expect, it } from 'vitest';

import { deriveUsername } from './sso-username.js';

const nothingTaken = () => Promise.resolve(false);

describe('deriveUsername (single sign-on)', () => {
  it("keeps the provider's name when it is free", async () => {
    expect(await deriveUsername({ preferred_username: 'marie.curie' }, nothingTaken)).toBe('marie.curie');
  });

  it("never gives a role's or staff's name, even free: a suffix is added", async () => {
    for (const name of ['teacher', 'Teacher', 'admin', 'user', 'player']) {
      const derived = await deriveUsername({ preferred_username: name }, nothingTaken);
      expect(derived, name).toMatch(new RegExp(`^${name}-\\d{4}$`));
    }
    expect(await deriveUsername({ email: 'teacher@school.example' }, nothingTaken)).toMatch(/^teacher-\d{4}$/);
  });
});
