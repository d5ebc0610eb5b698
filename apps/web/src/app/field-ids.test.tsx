import { MantineProvider, Select, TextInput } from '@mantine/core';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme';

// Mantine's useId is patched (patches/@mantine+hooks+*.patch) to React's own id. Unpatched, it
// swaps every field's id for a random one in a layout effect right after the app takes a drawn
// page over: a second render of every field, menu and tooltip in the busiest moment of a load.
function Filters() {
  return (
    <MantineProvider theme={theme}>
      <TextInput label="Name" />
      <Select label="Batch" data={['2019', '2020']} />
    </MantineProvider>
  );
}

const labelled = (root: HTMLElement) =>
  [...root.querySelectorAll('label')].map((label) => {
    const field = root.querySelector(`[id="${label.htmlFor}"]`);
    return { label: label.textContent, for: label.htmlFor, field: field?.tagName };
  });

describe('fields on a page the server drew', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keep the ids the server gave them when the app takes the page over', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Filters />);
    document.body.append(root);
    const drawn = labelled(root);
    expect(drawn.map((field) => field.label)).toEqual(['Name', 'Batch']);
    expect(drawn.every((field) => field.field === 'INPUT')).toBe(true);

    const app = await act(async () => hydrateRoot(root, <Filters />));
    expect(labelled(root)).toEqual(drawn);
    act(() => app.unmount());
  });
});
