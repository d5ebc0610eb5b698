import { JOB_HTML_SAFE_HREF, JOB_HTML_TAGS } from '@alumnet/contract';
import sanitize from 'sanitize-html';

/**
 * The one HTML policy for rich text members write (job details): the formatting the editor can
 * produce and nothing that runs, loads or styles anything. Everything else is dropped; script,
 * style and the like lose their contents too.
 */
const JOB_HTML: sanitize.IOptions = {
  allowedTags: [...JOB_HTML_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // Relative links would point into our own app; other schemes could run code.
    a: (tagName, attribs): sanitize.Tag => {
      const href = attribs.href?.trim() ?? '';
      const safe: sanitize.Attributes = { href, rel: 'noopener noreferrer', target: '_blank' };
      return { tagName, attribs: JOB_HTML_SAFE_HREF.test(href) ? safe : {} };
    },
  },
};

/** Job details as they may be stored and shown. */
export function sanitizeJobHtml(html: string): string {
  return sanitize(html, JOB_HTML).trim();
}

/** Whether the HTML has any text a person can read once the tags are gone. */
export function hasReadableText(html: string): boolean {
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length > 0;
}
