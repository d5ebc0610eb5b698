import { act, render } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { handOverTypedFields, takeTypedFields } from './prerender-handover';

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

  it('hands over as soon as the app replaces the markup, before anything else can read it', async () => {
    const root = prerendered();
    const handedOver = handOverTypedFields(root, takeTypedFields(root), 1000);
    root.innerHTML = '';
    render(<LoginForm sent={[]} />, { container: root });
    // The next microtask, not a timer's turn later: a test or a tap reading the field then
    // finds what was typed.
    await Promise.resolve();
    expect(root.querySelector<HTMLInputElement>('[name=userName]')!.value).toBe('ada@');
    await expect(handedOver).resolves.toBe(true);
  });

  it('gives a hydrated field what was typed into it, even among fields of one name', async () => {
    // A signed-in page's markup is attached to, not replaced: its two comment boxes share a name.
    function Comments({ sent }: { sent: string[] }) {
      const [first, setFirst] = useState('');
      const [second, setSecond] = useState('');
      return (
        <>
          <textarea name="comment" value={first} onChange={(e) => setFirst(e.target.value)} />
          <textarea name="comment" value={second} onChange={(e) => setSecond(e.target.value)} />
          <button type="button" onClick={() => sent.push(`${first}|${second}`)}>
            Post
          </button>
        </>
      );
    }
    const root = document.createElement('div');
    document.body.append(root);
    const sent: string[] = [];
    render(<Comments sent={sent} />, { container: root });
    const taken = takeTypedFields(root);
    // Typed before the app took over: the elements hold it, the app's state does not.
    root.querySelectorAll('textarea')[1]!.value = 'second thoughts';
    await act(() => handOverTypedFields(root, taken, 1000));
    act(() => root.querySelector('button')!.click());
    expect(sent).toEqual(['|second thoughts']);
  });

  it('does nothing when nothing was typed', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="userName" value=""></form>';
    await expect(handOverTypedFields(root, takeTypedFields(root), 50)).resolves.toBe(false);
  });
});
