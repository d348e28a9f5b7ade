/**
 * The site's pages closest to an address that has none: for the not-found page, which offers them
 * instead of a dead end. Addresses are compared by their words (`/docs/refrence/tower-cli` has
 * "refrence", "tower" and "cli"): each word of the address asked for scores its best match among a
 * route's words (the same word, one starting the other, a shared stem, or a typo of one or two
 * letters). The last word counts twice as much as the others, and more again when it matches the
 * route's last word: the last part of an address names the page, the rest its folders.
 *
 * The cost is linear in the address: at most MAX_ADDRESS characters and MAX_WORDS words of it are
 * read, and a typo is looked for only between words of similar, bounded length.
 */
export const MAX_ADDRESS = 256;
const MAX_WORDS = 16;
const MAX_TYPO_WORD = 32;
/** Words every address of the docs has, which say nothing about the page. */
const NOISE = new Set(['docs', 'html', 'md', 'index', 'www']);

/** The words of an address: lower case, split at anything but letters and digits. */
export function addressWords(address: string): string[] {
  let decoded = address.slice(0, MAX_ADDRESS);
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A broken percent-encoding: read the address as it is.
  }
  return decoded
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !NOISE.has(word))
    .slice(0, MAX_WORDS);
}

/** Edit distance between a and b when it is at most `limit`, else limit + 1 (only a band of the table is filled). */
function distanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(limit + 1);
    current[0] = i;
    let best = current[0];
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j] + 1, current[j - 1] + 1);
      best = Math.min(best, current[j]);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return Math.min(previous[b.length], limit + 1);
}

/** How close two words are, from 0 (unrelated) to 1 (the same). */
export function wordCloseness(a: string, b: string): number {
  if (a === b) return 1;
  const shorter = Math.min(a.length, b.length);
  if (shorter >= 3 && (a.startsWith(b) || b.startsWith(a))) return 0.75;
  if (a.length > MAX_TYPO_WORD || b.length > MAX_TYPO_WORD) return 0;
  const limit = shorter >= 8 ? 2 : shorter >= 4 ? 1 : 0;
  if (limit > 0) {
    const distance = distanceWithin(a, b, limit);
    if (distance <= limit) return distance === 1 ? 0.7 : 0.5;
  }
  // A shared stem: orchestrate and orchestration, schedule and scheduling.
  if (shorter >= 6 && a.slice(0, 6) === b.slice(0, 6)) return 0.5;
  return 0;
}

/** A score under this is not close enough to offer. */
const ENOUGH = 0.6;

/**
 * Up to `count` routes closest to `address`, best first. Routes are the site's own paths
 * (`/docs/reference/tower-cli`); the address may be any path a link can carry.
 */
export function closestRoutes(address: string, routes: readonly string[], count = 5): string[] {
  const asked = addressWords(address.split(/[?#]/)[0]);
  if (asked.length === 0) return [];
  const lastAsked = asked[asked.length - 1];
  const scored: {route: string; score: number}[] = [];
  for (const route of routes) {
    const words = addressWords(route);
    if (words.length === 0) continue;
    // Two words run together count too: "quickstart" for quick-start, "towercli" for tower-cli.
    const pairs = words.slice(1).map((word, i) => words[i] + word);
    const candidates = [...words, ...pairs];
    let score = 0;
    asked.forEach((word, index) => {
      let best = 0;
      for (const candidate of candidates) best = Math.max(best, wordCloseness(word, candidate));
      // The folders of an address (using-tower, reference) say less about the page than its last part.
      score += index === asked.length - 1 ? best : best / 2;
    });
    // The page's own name counts most; a route with words the address lacks is a worse fit.
    const lastNames = [words[words.length - 1], ...pairs.slice(-1)];
    score += 0.5 * Math.max(...lastNames.map((name) => wordCloseness(lastAsked, name))) - 0.05 * words.length;
    if (score >= ENOUGH) scored.push({route, score});
  }
  scored.sort((a, b) => b.score - a.score || a.route.length - b.route.length || (a.route < b.route ? -1 : 1));
  return scored.slice(0, count).map(({route}) => route);
}

const ACRONYMS = new Set(['cli', 'sdk', 'api', 'mcp', 'dbt', 'llms', 'ai']);

/** A readable name for a route, from its last part: `/docs/reference/tower-cli` is "Tower CLI". */
export function routeLabel(route: string): string {
  const last = route.split('/').filter(Boolean).at(-1) ?? '';
  if (last === '') return 'Home';
  const words = last.split('-').map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
