import { Anchor, createTheme } from '@mantine/core';

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
  },
});
