import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { AppShell } from './layout/app-shell';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteError } from './routes/route-error';
import { RouteFallback } from './routes/route-fallback';
import { VerifyEmailRoute } from './routes/verify-email';

/** Each page gets its own error boundary, so that a failing page leaves the shell usable. */
function page(path: string, element: RouteObject['element']): RouteObject {
  return { path, element, errorElement: <RouteError /> };
}

/** A signed-in page loaded on first visit: visitors of the landing page do not download the game. */
function lazyPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, errorElement: <RouteError />, lazy: async () => ({ Component: await load() }) };
}

/** The routes of docs/product.md#routes. Exported for tests, which mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: RouteFallback,
    children: [
      {
        element: <PublicOnly />,
        errorElement: <RouteError />,
        children: [
          page('/', <HomeRoute />),
          page('/login', <LoginRoute />),
          page('/register', <RegisterRoute />),
          page('/forgot-password', <ForgotPasswordRoute />),
          page('/reset-password', <ResetPasswordRoute />),
        ],
      },
      // Signed in or not: a confirmation link may be opened in any browser.
      page('/verify-email', <VerifyEmailRoute />),
      {
        element: <RequireAuth />,
        errorElement: <RouteError />,
        children: [
          lazyPage('/challenges', () => import('./routes/challenges').then((m) => m.ChallengesRoute)),
          lazyPage('/challenge/:id', () => import('./routes/challenge-detail').then((m) => m.ChallengeDetailRoute)),
          lazyPage('/leaderboard', () => import('./routes/leaderboard').then((m) => m.LeaderboardRoute)),
          lazyPage('/profile', () => import('./routes/profile').then((m) => m.ProfileRoute)),
          lazyPage('/user/:userId', () => import('./routes/user-profile').then((m) => m.UserProfileRoute)),
          lazyPage('/admin', () => import('./routes/admin').then((m) => m.AdminRoute)),
          lazyPage('/seed', () => import('./routes/seed').then((m) => m.SeedRoute)),
        ],
      },
      page('*', <NotFoundRoute />),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
