import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import {
  handOverTypedFields,
  PRERENDERED_ATTRIBUTE,
  takeTypedFields,
} from './app/prerender-handover';
import { router } from './app/router';
import { readServerState } from './lib/server-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits until the route is ready (its session check and its screen's chunk):
// until then the page keeps what index.html holds, the mark or the screen drawn for it, instead
// of blinking to a loader and back.
const routeReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

// A signed-in user's page the server drew (src/ssr.tsx) is taken over as it is: React attaches
// to the elements there instead of building them again. As a transition, that work yields to the
// browser every few milliseconds, and a tap on a part not yet taken over is seen to first.
function hydrate(target: HTMLElement) {
  const typed = takeTypedFields(target);
  const takenOver = () => {
    target.removeAttribute(PRERENDERED_ATTRIBUTE);
    // What was typed before then reaches the app's state (the fields are the same elements).
    void handOverTypedFields(target, typed);
  };
  startTransition(() => {
    hydrateRoot(target, <App onTakenOver={takenOver} />, {
      // Where the browser's drawing differs from the server's (a date in another time zone),
      // React draws the page again itself: the page is right, only later. Said, not thrown.
      onRecoverableError: (error) =>
        console.warn('The page was drawn again in the browser:', error),
    });
  });
}

// Otherwise the app draws the screen itself, replacing what index.html holds: the mark or, for a
// visitor, the screen the build drew in advance (build/prerender.ts). Also as a transition: Alum
// Zone's first render was one task of ~90 ms on this machine, 360 ms on a phone four times slower.
function render(target: HTMLElement) {
  // What a visitor typed into the page drawn in advance goes over to the app's own fields.
  const typed = takeTypedFields(target);
  startTransition(() => createRoot(target).render(<App />));
  void handOverTypedFields(target, typed);
}

// The first render of a screen is the longest task of a visit; what the page shows is painted
// before it starts (a timer set from an animation frame runs after that frame's paint). A hidden
// tab draws no frames, so there it starts at once.
void routeReady.then(() => {
  const begin = () => (readServerState() ? hydrate(root) : render(root));
  if (document.visibilityState === 'hidden') begin();
  else requestAnimationFrame(() => setTimeout(begin));
});
