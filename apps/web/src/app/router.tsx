import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setGoHome } from '../api/session';
import { AuthLayout } from './auth-layout';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { GuestOnlyRoute, ProtectedRoute } from './route-guards';
import { AppShell } from './shell/app-shell';

/** A lazily loaded screen with its own error boundary, so one broken screen never blanks the app. */
const screen = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> => ({
  lazy: async () => ({ Component: await load() }),
  ErrorBoundary: RouteError,
});

/** Every route, plus a 404. */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        Component: AuthLayout,
        children: [
          {
            Component: GuestOnlyRoute,
            children: [
              {
                index: true,
                ...screen(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
              },
              {
                path: 'signup',
                ...screen(() => import('../features/signup/signup-page').then((m) => m.SignupPage)),
              },
            ],
          },
          {
            path: 'forgot-password',
            ...screen(() =>
              import('../features/forgot-password/forgot-password-page').then((m) => m.ForgotPasswordPage),
            ),
          },
        ],
      },
      // The legal pages: public, logged in or not (linked from login, signup, pricing and the menu).
      {
        path: 'terms',
        ...screen(() => import('../features/legal/terms-page').then((m) => m.TermsPage)),
      },
      {
        path: 'privacy',
        ...screen(() => import('../features/legal/privacy-page').then((m) => m.PrivacyPage)),
      },
      {
        path: 'risk-disclosure',
        ...screen(() => import('../features/legal/risk-disclosure-page').then((m) => m.RiskDisclosurePage)),
      },
      {
        path: 'contact',
        ...screen(() => import('../features/legal/contact-page').then((m) => m.ContactPage)),
      },
      {
        path: 'auth',
        ...screen(() => import('../features/auth/auth-landing-page').then((m) => m.AuthLandingPage)),
      },
      {
        Component: ProtectedRoute,
        children: [
          {
            Component: AppShell,
            children: [
              {
                path: 'dashboard',
                ...screen(() => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
              },
              {
                path: 'journal',
                ...screen(() => import('../features/journal/journal-page').then((m) => m.JournalPage)),
              },
            ],
          },
          {
            path: 'redirect/:broker',
            ...screen(() =>
              import('../features/broker-redirect/broker-redirect-page').then((m) => m.BrokerRedirectPage),
            ),
          },
          {
            path: 'subscribe',
            ...screen(() => import('../features/subscribe/subscribe-page').then((m) => m.SubscribePage)),
          },
          {
            path: 'thank-you',
            ...screen(() => import('../features/thank-you/thank-you-page').then((m) => m.ThankYouPage)),
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setGoHome(() => void router.navigate('/', { replace: true }));
  return router;
}
