import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// What jsdom lacks and Mantine's components (overlays, scroll areas, previews) ask for.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => undefined;

afterEach(() => cleanup());
