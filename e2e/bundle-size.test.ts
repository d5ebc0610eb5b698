import { describe, expect, it } from 'vitest';
import { initialBytes } from './bundle-size';

/**
 * Brotli bytes of what a first visit to each main screen downloads before it paints (the
 * production build `npm test` makes before the browser tests). Issue 13 aims at 100 KB of
 * JavaScript and 30 KB of CSS; until the screens get there these budgets hold today's sizes
 * with a little room, so that growth fails here, loudly, instead of in Lighthouse later.
 */
const BUDGET_KB: Record<string, { js: number; css: number }> = {
  '/': { js: 135, css: 30 },
  '/login': { js: 155, css: 30 },
  '/signup': { js: 190, css: 30 },
  '/dashboard': { js: 125, css: 30 },
  '/alumzone': { js: 220, css: 30 },
  '/jobs': { js: 220, css: 30 },
  '/chat': { js: 218, css: 30 },
  '/quiz': { js: 163, css: 30 },
};

describe('first-paint download budget per screen (brotli)', () => {
  it.each(Object.keys(BUDGET_KB))('%s', (route) => {
    const { js, css } = initialBytes(route);
    const budget = BUDGET_KB[route]!;
    expect(Math.round(js / 1024), `JavaScript KB for ${route}`).toBeLessThanOrEqual(budget.js);
    expect(Math.round(css / 1024), `CSS KB for ${route}`).toBeLessThanOrEqual(budget.css);
  });
});
