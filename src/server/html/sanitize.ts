import 'server-only';
import sanitizeHtml from 'sanitize-html';

/**
 * Job and course descriptions come from operators and imports. Only structure and links survive:
 * no scripts, styles, event handlers, frames, forms or non-http(s)/mailto URLs.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
    // rel and target are set by the transform below, whatever the source said.
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
      h1: 'h2',
    },
  }).trim();
}

/** Plain text for an HTML context. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
