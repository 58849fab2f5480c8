import sanitizeHtml from 'sanitize-html';

/** Images in articles may only come from our own media library. */
export const OWN_MEDIA_SRC = /^\/api\/site\/media\/\d+(\/\d+)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'hr',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the content of these is dropped with them, not kept as text
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { href: attribs.href ?? '' };
      if (attribs.title) out.title = attribs.title;
      if (/^https?:/i.test(out.href)) { out.target = '_blank'; out.rel = 'noopener noreferrer'; }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (OWN_MEDIA_SRC.test(attribs.src ?? '')) out.src = attribs.src;
      out.alt = attribs.alt ?? '';
      for (const k of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[k] ?? '')) out[k] = attribs[k];
      return { tagName, attribs: out };
    },
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
  },
};

/** The allow-list the server applies to every rich-text body it stores. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** ids of our media an HTML body shows */
export function mediaIdsIn(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(/\/api\/site\/media\/(\d+)/g)) ids.add(Number(m[1]));
  return [...ids];
}
