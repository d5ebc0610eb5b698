/** What jsdom lacks and Mantine's components ask for; call once in a test file's beforeAll. */
export function polyfillMantine() {
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
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  }
}
