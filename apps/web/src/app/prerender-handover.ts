/**
 * A visitor's page arrives drawn in advance (build/prerender.ts), and its form can be typed into
 * before the app has started; the app's first render then replaces that markup with its own.
 * What was typed goes over to the app's fields (same `name`), the caret stays in its field, and
 * a form sent early (boot.js holds it back, see build/boot-script.ts) is sent once the app's
 * form has the values.
 */

/** Marks the markup the build drew in place of the app (build/prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Set on <html> by boot.js when a form was sent before the app started. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';

const TYPED =
  'input[name]:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea[name]';
type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Starts watching the prerendered fields under `root`, before the app's first render: what is
 * in them is read only once the app has replaced them (a detached field keeps its value), so
 * what is typed while the app renders is kept too, and so is the field that last had the caret.
 */
export function takeTypedFields(root: HTMLElement) {
  const fields = [...root.querySelectorAll<Field>(TYPED)];
  let focused = fields.find((field) => field === document.activeElement)?.name;
  const onFocus = (event: FocusEvent) => {
    const field = fields.find((item) => item === event.target);
    if (field) focused = field.name;
  };
  document.addEventListener('focusin', onFocus, true);
  return {
    fields,
    /** What the fields hold now, and which had the caret last; stops watching. */
    read() {
      document.removeEventListener('focusin', onFocus, true);
      const typed = fields
        .filter((field) => field.value !== field.defaultValue)
        .map((field) => ({ name: field.name, value: field.value }));
      return { typed, focused };
    },
  };
}

const setValue = (field: Field, value: string) => {
  // React tracks the value it last set; the prototype's setter goes around that tracker, so the
  // input event below reads as the user's change and reaches the field's onChange.
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Once the app's first render has replaced the prerendered fields, gives their values to the
 * app's fields of the same name, focuses the one that had the caret, and sends the form if the
 * visitor already had. Gives up after `timeoutMs` (the screen then is not the one drawn).
 */
export function handOverTypedFields(
  root: HTMLElement,
  taken: ReturnType<typeof takeTypedFields>,
  timeoutMs = 10_000,
) {
  const html = document.documentElement;
  const byName = (name: string) =>
    [...root.querySelectorAll<Field>(TYPED)].find((field) => field.name === name);
  return new Promise<boolean>((resolve) => {
    const started = Date.now();
    const tick = () => {
      const replaced = !root.querySelector(`[${PRERENDERED_ATTRIBUTE}]`);
      if (!replaced) {
        if (Date.now() - started < timeoutMs) return void setTimeout(tick, 20);
        taken.read();
        return resolve(false);
      }
      const { typed, focused } = taken.read();
      // The number of the form that was sent (the page's forms are the same in both drawings).
      const sentForm = html.getAttribute(EARLY_SUBMIT_ATTRIBUTE);
      html.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
      if (!typed.length && !focused && sentForm === null) return resolve(false);
      for (const { name, value } of typed) {
        const field = byName(name);
        if (field) setValue(field, value);
      }
      if (focused) byName(focused)?.focus();
      const form = sentForm === null ? undefined : document.forms[Number(sentForm)];
      // After the app has drawn the values it now holds, so that its handler reads them.
      if (form) setTimeout(() => form.requestSubmit());
      resolve(true);
    };
    tick();
  });
}
