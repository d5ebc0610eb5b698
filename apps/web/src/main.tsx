import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { handOverTypedFields, takeTypedFields } from './app/prerender-handover';
import { router } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole screen: Alum Zone's was one task of ~90 ms on this
// machine, 360 ms on a phone four times slower, during which a tap waits.
const start = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// The first render waits until the route is ready (its session check and its screen's chunk):
// until then the page keeps what index.html holds, the mark or, for a visitor, the screen the
// build drew in advance (build/prerender.ts), instead of blinking to a loader and back.
const routeReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});
// The first render of a screen is the longest task of a visit; what index.html shows is painted
// before it starts (a timer set from an animation frame runs after that frame's paint). A hidden
// tab draws no frames, so there it starts at once.
void routeReady.then(() => {
  const begin = () => {
    // What a visitor typed into the page drawn in advance goes over to the app's own fields.
    const typed = takeTypedFields(root);
    start();
    void handOverTypedFields(root, typed);
  };
  if (document.visibilityState === 'hidden') begin();
  else requestAnimationFrame(() => setTimeout(begin));
});
