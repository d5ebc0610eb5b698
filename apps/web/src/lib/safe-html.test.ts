import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html';

describe('safeHtml', () => {
  it('keeps headings, lists, emphasis and web links', () => {
    const html =
      '<h3>Role</h3><p>We are <strong>hiring</strong> <em>now</em> <u>in</u> <s>Pune</s></p>' +
      '<ul><li>Go</li></ul><blockquote>Great team</blockquote>' +
      '<p><a href="https://careers.example.com" target="_blank" rel="noopener noreferrer">Apply</a></p>';
    expect(safeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, frames and styles', () => {
    expect(
      safeHtml(
        '<p onclick="steal()">Hi</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
          '<iframe src="https://evil.example.com"></iframe><style>p{}</style><p style="color:red">x</p>',
      ),
    ).toBe('<p>Hi</p><p>x</p>');
  });

  it.each([['javascript:alert(1)'], ['data:text/html,hi'], ['/relative']])(
    'removes the link target %j but keeps the text',
    (href) => {
      expect(safeHtml(`<a href="${href}" target="_blank">Apply</a>`)).toBe('<a>Apply</a>');
    },
  );

  it('opens a link in a new tab without giving it the opener', () => {
    expect(safeHtml('<a href="mailto:jobs@example.com" target="_self">Mail</a>')).toBe(
      '<a href="mailto:jobs@example.com" target="_blank" rel="noopener noreferrer">Mail</a>',
    );
  });
});
