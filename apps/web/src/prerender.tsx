/**
 * The visitor's screens drawn to HTML at build time (build/prerender.ts runs this in Node), so
 * that a phone shows the landing page, the forms and the quiz's code entry as soon as the HTML
 * and the stylesheet arrive, before any script. The app then starts in the browser as usual and
 * replaces this markup with the same screen (main.tsx waits for the route to be ready, so the
 * screen does not blink). Only what a visitor sees: the server sends these pages only to a
 * browser without a session cookie.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppFrame } from './app/app-frame';
import { paths } from './config/paths';
import { LoginPage } from './features/auth/components/login-page';
import { SignupPage } from './features/auth/components/signup-page';
import { LandingPage } from './features/landing/components/landing-page';
import { QuizPage } from './features/quiz/components/quiz-page';
import { createQueryClient } from './lib/query-client';

/** The screen of each page drawn here (the visitors' routes of build/route-modules.ts). */
export const SCREENS: Record<string, ComponentType> = {
  [paths.home]: LandingPage,
  [paths.login]: LoginPage,
  [paths.signup]: SignupPage,
  [paths.quiz]: QuizPage,
};

export function render(path: string) {
  const Page = SCREENS[path];
  if (!Page) throw new Error(`no screen to prerender for ${path}`);
  return renderToString(
    // Lists a form would fetch (the sign-up's colleges) are not fetched here: empty at first.
    // No viewport is assumed: the browser draws this page again for its own width.
    <AppFrame client={createQueryClient()} drawn={null}>
      <StaticRouter location={path}>
        <Page />
      </StaticRouter>
    </AppFrame>,
  );
}
