import sanitizeHtml from 'sanitize-html';

/**
 * The goods description is the one piece of HTML Padhub renders (everything people write is shown
 * as text; only what an organisation's admins write for the shop keeps some markup). It keeps formatting only: paragraphs,
 * emphasis, headings, lists, quotes and links. No images (the gallery has the pictures, and an
 * image from anywhere would tell a third party who reads the page), no styles, no classes, no ids,
 * no event handlers, no forms, no frames; `<script>` and `<style>` go with their content.
 * Links are http(s) only, never protocol-relative, and open outside the page without an opener.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Ours win over whatever rel and target the admin wrote.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

/**
 * Applied before a description is stored, and again to every description read (the allow-list
 * may have narrowed since it was stored, and a row written by hand never reaches a page unchecked).
 * Idempotent: sanitising its own output changes nothing.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, options).trim();
}
