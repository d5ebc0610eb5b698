import { MantineProvider, Pagination } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('names the arrow buttons of every pagination for screen readers', () => {
    render(
      <MantineProvider theme={theme}>
        <Pagination total={3} value={2} onChange={() => {}} withEdges />
      </MantineProvider>,
    );
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});
