import { JOB_HTML_SAFE_HREF, JOB_HTML_TAGS } from '@alumnet/contract';
import DOMPurify from 'dompurify';

// Our own instance, so its hook cannot change how anything else in the app is sanitized.
const purifier = DOMPurify();
// DOMPurify needs a DOM. Without one (the server drawing a page, src/ssr.tsx), the server's own
// policy does the pass: the one the details were stored under.
let withoutDom = (_html: string) => '';
/** The policy to use without a DOM (src/ssr.tsx only). */
export function sanitizeWithoutDom(policy: (html: string) => string) {
  withoutDom = policy;
}
purifier.addHook?.('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href')?.trim() ?? '';
  if (!JOB_HTML_SAFE_HREF.test(href)) {
    node.removeAttribute('href');
    node.removeAttribute('target');
    node.removeAttribute('rel');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * Member-written rich text (job details, an event's description) as it may be put into the page.
 * The server sanitized it before storing; this second pass means a row written some other way
 * still cannot run anything in the browser.
 */
export function safeHtml(html: string): string {
  if (!purifier.isSupported) return withoutDom(html);
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...JOB_HTML_TAGS],
    ALLOWED_ATTR: ['href', 'target', 'rel', 'start'],
    ALLOW_DATA_ATTR: false,
  });
}
