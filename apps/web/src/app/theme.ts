import { Anchor, createTheme, Pagination } from '@mantine/core';

const PAGE_CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 of blue carries white text, and reads as text on white and on the grey page,
  // at 4.5:1 or better (shade 6, Mantine's default, was 3.5:1: Lighthouse and WCAG AA fail it).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
  components: {
    // A link inside a sentence must not be told apart by its colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A picker's list is drawn when it opens. Mantine 9 keeps every closed list in the page
    // (hidden), and positions each as the screen mounts: Alum Zone's seven filters drew some
    // 400 hidden options (every country) and forced a layout, in the first render of the screen.
    // (A plain object, not Combobox.extend: importing Combobox here would put the overlays'
    // chunk into every page's first download.)
    Combobox: { defaultProps: { keepMounted: false } },
    // The arrow buttons show only an icon: a screen reader needs their names.
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': PAGE_CONTROL_NAMES[control],
        }),
      },
    }),
  },
});
