import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';

import { i18n, namespaces as allNamespaces, signedInNamespaces } from '@/lib/i18n';

import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { AppShellFallback } from './layout/app-frame';
import { AppShell } from './layout/app-shell';
import type { PreviewHandle } from './page-preview';
import { RouteError } from './routes/route-error';

/**
 * A page whose code and texts load on first visit: the landing page does not download the login form, neither
 * downloads the game (docs/architecture.md#web-app). A public page names the namespaces it needs; a signed-in page
 * loads every one but the admin panel's, once (a few files: lib/locale-groups.ts).
 */
function lazyPage(path: string, load: () => Promise<ComponentType | LoadedPage>, namespaces = signedInNamespaces): RouteObject {
  return {
    path,
    errorElement: <RouteError />,
    // Its texts load with its code, so that the page never shows a translation key in place of a text.
    lazy: async () => {
      const [page] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
      if (!('Component' in page)) return { Component: page };
      const handle: PreviewHandle = { previewReads: page.previewReads };
      return { Component: page.Component, handle };
    },
  };
}

/** A page whose first paint the server may draw: its component and the reads its first render waits for (main.tsx). */
interface LoadedPage extends PreviewHandle {
  Component: ComponentType;
}

// The forms word the API's errors.
const AUTH_NAMESPACES = ['auth', 'errors'];

/** The routes of docs/product.md#routes. Exported for tests, which mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: AppShellFallback,
    children: [
      {
        element: <PublicOnly />,
        errorElement: <RouteError />,
        children: [
          lazyPage('/', () => import('./routes/home').then((m) => m.HomeRoute), ['landing', 'categories', 'ranks']),
          lazyPage('/login', () => import('./routes/login').then((m) => m.LoginRoute), AUTH_NAMESPACES),
          lazyPage('/register', () => import('./routes/register').then((m) => m.RegisterRoute), AUTH_NAMESPACES),
          lazyPage('/forgot-password', () => import('./routes/forgot-password').then((m) => m.ForgotPasswordRoute)),
          lazyPage('/reset-password', () => import('./routes/reset-password').then((m) => m.ResetPasswordRoute)),
        ],
      },
      // Signed in or not: a confirmation link may be opened in any browser.
      lazyPage('/verify-email', () => import('./routes/verify-email').then((m) => m.VerifyEmailRoute)),
      {
        element: <RequireAuth />,
        errorElement: <RouteError />,
        children: [
          lazyPage('/challenges', () => import('./routes/challenges').then((m) => m.ChallengesRoute)),
          lazyPage('/challenge/:id', () =>
            import('./routes/challenge-detail').then((m) => ({
              Component: m.ChallengeDetailRoute,
              previewReads: m.previewReads,
            })),
          ),
          lazyPage('/leaderboard', () => import('./routes/leaderboard').then((m) => m.LeaderboardRoute)),
          lazyPage('/events', () => import('./routes/events').then((m) => m.EventsRoute)),
          lazyPage('/events/:id', () => import('./routes/events').then((m) => m.SeasonRoute)),
          lazyPage('/team', () => import('./routes/team').then((m) => m.TeamRoute)),
          lazyPage('/team/:teamId', () => import('./routes/team').then((m) => m.PublicTeamRoute)),
          lazyPage('/profile', () => import('./routes/profile').then((m) => m.ProfileRoute)),
          lazyPage('/account', () => import('./routes/account').then((m) => m.AccountRoute)),
          lazyPage('/user/:userId', () => import('./routes/user-profile').then((m) => m.UserProfileRoute)),
          lazyPage('/class', () => import('./routes/classes').then((m) => m.StudentClassRoute)),
          lazyPage('/join-class/:code', () => import('./routes/classes').then((m) => m.StudentClassRoute)),
          lazyPage('/teacher', () => import('./routes/classes').then((m) => m.TeacherClassesRoute)),
          lazyPage('/teacher/classes/:id', () => import('./routes/classes').then((m) => m.ClassDetailRoute)),
          // The panel's sections and pages have their own addresses: /admin/people/users (docs/product.md#admin-panel).
          lazyPage('/admin/:section?/:page?', () => import('./routes/admin').then((m) => m.AdminRoute), allNamespaces),
          // The seed page became the content section's built-in pack page.
          { path: '/seed', element: <Navigate to="/admin/content/seed" replace /> },
        ],
      },
      lazyPage('*', () => import('./routes/not-found').then((m) => m.NotFoundRoute), ['notFound']),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
