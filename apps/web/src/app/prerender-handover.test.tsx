import { act, render } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_SUBMIT_ATTRIBUTE, handOverTypedFields, takeTypedFields } from './prerender-handover';

function LoginForm({ sent }: { sent: string[] }) {
  const [userName, setUserName] = useState('');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.push(`${userName}|${note}`);
  };
  return (
    <form onSubmit={submit}>
      <input name="userName" value={userName} onChange={(e) => setUserName(e.target.value)} />
      <textarea name="note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit">Log in</button>
    </form>
  );
}

/** The markup the build drew: the same form, uncontrolled, typed into before the app starts. */
function prerendered() {
  const root = document.createElement('div');
  root.innerHTML =
    '<div data-prerendered><form><input name="userName" value=""><textarea name="note"></textarea>' +
    '<input name="untouched" value="kept"></form></div>';
  document.body.append(root);
  root.querySelector<HTMLInputElement>('[name=userName]')!.value = 'ada@';
  root.querySelector<HTMLTextAreaElement>('[name=note]')!.value = 'hello';
  root.querySelector<HTMLTextAreaElement>('[name=note]')!.focus();
  return root;
}

describe('handing a prerendered form over to the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
  });

  it("gives what was typed to the app's fields and keeps the caret in its field", async () => {
    const root = prerendered();
    const taken = takeTypedFields(root);
    // Typed while the app renders: kept too (the detached field still holds it).
    root.querySelector<HTMLInputElement>('[name=userName]')!.value = 'ada@example.org';
    const sent: string[] = [];
    root.innerHTML = '';
    render(<LoginForm sent={sent} />, { container: root });
    await act(() => handOverTypedFields(root, taken, 1000));
    expect(root.querySelector<HTMLInputElement>('[name=userName]')!.value).toBe('ada@example.org');
    expect(root.querySelector<HTMLTextAreaElement>('[name=note]')!.value).toBe('hello');
    expect(document.activeElement).toBe(root.querySelector('[name=note]'));
    expect(sent).toEqual([]);
  });

  it('sends a form the visitor sent while the app was starting, once the app holds its values', async () => {
    const root = prerendered();
    const taken = takeTypedFields(root);
    root.querySelector<HTMLInputElement>('[name=userName]')!.value = 'ada@example.org';
    // boot.js marks a form sent before the app has replaced the page.
    document.documentElement.setAttribute(EARLY_SUBMIT_ATTRIBUTE, '0');
    const sent: string[] = [];
    root.innerHTML = '';
    render(<LoginForm sent={sent} />, { container: root });
    await act(async () => {
      await handOverTypedFields(root, taken, 1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sent).toEqual(['ada@example.org|hello']);
    expect(document.documentElement.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)).toBe(false);
  });

  it('does nothing when nothing was typed', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="userName" value=""></form>';
    await expect(handOverTypedFields(root, takeTypedFields(root), 50)).resolves.toBe(false);
  });
});
