/**
 * HTML escaping for search results, apart from the word handling in text.ts
 * so that the search button (in every page's main bundle) does not carry the
 * stemmer.
 */
const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const UNESCAPES: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'"};

/** Decodes the entities an escaped highlight value can hold (named ones above and numeric ones). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/gi, (entity) => {
    if (UNESCAPES[entity]) return UNESCAPES[entity];
    const code = entity[2] === 'x' || entity[2] === 'X' ? parseInt(entity.slice(3, -1), 16) : parseInt(entity.slice(2, -1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
