import { describe, expect, it } from 'vitest';
import { hasReadableText, sanitizeJobHtml } from './sanitize-html';

describe('sanitizeJobHtml', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Backend Engineer</h2><h3>About</h3><p>We are <strong>hiring</strong>, <em>now</em>, ' +
      '<u>in</u> <s>Pune</s> Bengaluru.<br /></p><ul><li>Node.js</li></ul><ol start="3"><li>SQL</li></ol>' +
      '<blockquote><p>Great team</p></blockquote><pre><code>npm test</code></pre><hr />';
    expect(sanitizeJobHtml(html)).toBe(html);
  });

  it('drops a script with its contents', () => {
    expect(sanitizeJobHtml('<p>Apply</p><script>alert(document.cookie)</script>')).toBe(
      '<p>Apply</p>',
    );
  });

  it('drops event handlers and the elements that carry them', () => {
    expect(
      sanitizeJobHtml('<p onclick="steal()">Hi</p><img src="x" onerror="alert(1)"><b>ok</b>'),
    ).toBe('<p>Hi</p><b>ok</b>');
  });

  it.each([
    ['javascript:alert(1)'],
    ['  JaVaScRiPt:alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:msgbox(1)'],
    ['/relative/path'],
    ['//evil.example.com'],
  ])('removes the link target %j but keeps the text', (href) => {
    expect(sanitizeJobHtml(`<p><a href="${href}">Apply here</a></p>`)).toBe(
      '<p><a>Apply here</a></p>',
    );
  });

  it('opens web and mail links safely in a new tab', () => {
    expect(
      sanitizeJobHtml(
        '<a href="https://careers.example.com/x" rel="opener" target="_self" class="c">Careers</a> ' +
          '<a href="mailto:jobs@example.com">Mail</a>',
      ),
    ).toBe(
      '<a href="https://careers.example.com/x" rel="noopener noreferrer" target="_blank">Careers</a> ' +
        '<a href="mailto:jobs@example.com" rel="noopener noreferrer" target="_blank">Mail</a>',
    );
  });

  it('drops frames, plugins, styles and forms', () => {
    expect(
      sanitizeJobHtml(
        '<iframe src="https://evil.example.com"></iframe><object data="x">o</object>' +
          '<embed src="y"><style>p{display:none}</style><p style="color:red">Text</p>' +
          '<form action="/x"><input name="a"></form><svg onload="alert(1)"></svg>',
      ),
    ).toBe('<p>Text</p>');
  });

  it('leaves escaped markup as text', () => {
    expect(sanitizeJobHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});

describe('hasReadableText', () => {
  it.each([
    ['<p>Hello</p>', true],
    ['<ul><li>x</li></ul>', true],
    ['', false],
    ['<p></p>', false],
    ['<p>&nbsp; </p><br /><hr />', false],
    ['<p>\u00a0</p>', false],
  ])('%j has text: %s', (html, expected) => {
    expect(hasReadableText(html)).toBe(expected);
  });
});
