import { http, HttpResponse } from 'msw';

import { BadgeSchema, type Badge, type PublicUser } from '@drapeau/shared';

import { errorResponse } from '@/testing/handlers';

function buildBadge(overrides: Partial<Badge> = {}): Badge {
  return BadgeSchema.parse({
    badgeId: 'first-blood',
    title: { en: 'First Blood', fr: 'Premier sang' },
    description: { en: 'Solve your first challenge', fr: 'Résolvez votre premier défi' },
    icon: '🩸',
    criteria: { type: 'solveCount', value: 1 },
    ...overrides,
  });
}

const BADGES: Badge[] = [
  buildBadge(),
  buildBadge({
    badgeId: 'century-club',
    title: { en: 'Century Club', fr: 'Club des cent' },
    description: { en: 'Reach 100 points', fr: 'Atteignez 100 points' },
    icon: '💯',
    criteria: { type: 'score', value: 100 },
  }),
];

export function badgesHandler(badges: Badge[] = BADGES) {
  return http.get('/api/badges', () => HttpResponse.json<{ badges: Badge[] }>({ badges }));
}

/** GET /api/users/:userId over a fixed set of users; 404 USER_NOT_FOUND for anyone else. */
export function usersHandler(users: PublicUser[]) {
  return http.get<{ userId: string }>('/api/users/:userId', ({ params }) => {
    const user = users.find((candidate) => candidate.uid === params.userId);
    return user ? HttpResponse.json<PublicUser>(user) : errorResponse(404, 'USER_NOT_FOUND');
  });
}
