/**
 * A page arrives drawn (a visitor's by the build, build/prerender.ts; a signed-in user's by the
 * server, src/ssr.tsx), and its fields can be typed into before the app has started. The app
 * then takes the page over: it replaces a visitor's markup with its own, and attaches to a
 * signed-in user's (hydration), whose field values React sets from its own state. Either way
 * what was typed goes over to the app's state, and the caret stays in its field. A form cannot
 * be sent before then: its submit button waits for the app (lib/use-taken-over.ts).
 */

/** Marks the markup the build drew in place of the app (build/prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
const TYPED =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea';
type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Starts watching the prerendered fields under `root`, before the app's first render: what is
 * in them is read only once the app has replaced them (a detached field keeps its value), so
 * what is typed while the app renders is kept too, and so is the field that last had the caret.
 */
export function takeTypedFields(root: HTMLElement) {
  const fields = [...root.querySelectorAll<Field>(TYPED)];
  let focused = fields.find((field) => field === document.activeElement);
  const onFocus = (event: FocusEvent) => {
    const field = fields.find((item) => item === event.target);
    if (field) focused = field;
  };
  document.addEventListener('focusin', onFocus, true);
  return {
    fields,
    /** What the fields hold now, and which had the caret last; stops watching. */
    read() {
      document.removeEventListener('focusin', onFocus, true);
      const typed = fields
        .filter((field) => field.value !== field.defaultValue)
        .map((field) => ({ field, value: field.value }));
      return { typed, focused };
    },
  };
}

const setValue = (field: Field, value: string) => {
  // React tracks the value it last saw, and fires onChange only for a value that differs from
  // it. A hydrated field's tracker may have seen what was typed already, so it is shown another
  // value first (through the element's own setter, which React watches); the prototype's setter
  // goes around it, so the input event below reads as the user's change.
  field.value = value === '' ? ' ' : '';
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Once the app holds the page, gives what was typed to the app's fields, and focuses the one
 * that had the caret. A hydrated field is the element that was typed into; a replaced one is
 * found by its `name`. Gives up after `timeoutMs` (the screen then is not the one drawn).
 */
export function handOverTypedFields(
  root: HTMLElement,
  taken: ReturnType<typeof takeTypedFields>,
  timeoutMs = 10_000,
) {
  const current = (field: Field) =>
    field.isConnected
      ? field
      : field.name
        ? [...root.querySelectorAll<Field>(TYPED)].find((item) => item.name === field.name)
        : undefined;
  return new Promise<boolean>((resolve) => {
    // Watched, not polled: a mutation observer runs right after the task that replaced the
    // markup, before the browser takes the next input, so nothing typed or read in between sees
    // the app's fields still empty.
    const handOver = () => {
      if (root.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)) return false;
      watcher.disconnect();
      clearTimeout(giveUp);
      const { typed, focused } = taken.read();
      for (const { field, value } of typed) {
        const target = current(field);
        if (target) setValue(target, value);
      }
      if (focused) current(focused)?.focus();
      resolve(typed.length > 0 || focused !== undefined);
      return true;
    };
    const watcher = new MutationObserver(handOver);
    const giveUp = setTimeout(() => {
      watcher.disconnect();
      taken.read();
      resolve(false);
    }, timeoutMs);
    if (handOver()) return;
    watcher.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [PRERENDERED_ATTRIBUTE],
    });
  });
}
