/**
 * Near misses: how many edits apart two words are, and the closest of a list
 * of candidates ("did you mean"). The search engine's typo tolerance
 * (src/search/query.ts) and the checkers' suggestions use the same distance.
 */

/**
 * Optimal string alignment distance, at most `limit` (returns limit + 1 past
 * it): insertions, deletions, substitutions, and a swap of two neighbouring
 * characters counts as one edit ("secrtes" is one edit from "secrets").
 *
 * Only the cells within `limit` of the diagonal are computed (a path that
 * leaves that band costs more than `limit`), and the work stops as soon as a
 * row has no cell within the limit: the cost is at most the shorter word's
 * length times 2 × limit + 1, whatever the words.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const beyond = limit + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(beyond);
  let previous = new Array<number>(width).fill(beyond);
  let current = new Array<number>(width).fill(beyond);
  for (let j = 0; j <= Math.min(b.length, limit); j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    // Arrays are reused row after row: only the cells around the band are reset, so a row costs its band's width.
    current[from - 1] = from === 1 && i <= limit ? i : beyond;
    if (to < b.length) current[to + 1] = beyond;
    let rowMin = current[from - 1];
    for (let j = from; j <= to; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = Math.min(value, beyond);
      if (current[j] < rowMin) rowMin = current[j];
    }
    if (rowMin > limit) return beyond;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length], beyond);
}

/**
 * The candidate closest to `word`. A candidate counts as close when the edit distance is at most a
 * third of the word's length (at least 1, plus 1 for words of 5 or more characters), or when one of
 * the two starts with the other and the shorter has at least three characters (`--param` ->
 * `--parameter`). A candidate whose length alone is further off than that limit is skipped without
 * computing a distance, so a long word costs no more than a short one.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.max(1, Math.floor(w.length / 3)) + (w.length >= 5 ? 1 : 0);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    if (c === w) return candidate;
    const prefix = Math.min(w.length, c.length) >= 3 && (c.startsWith(w) || w.startsWith(c));
    if (!prefix && Math.abs(w.length - c.length) > limit) continue;
    const distance = editDistance(w, c, limit);
    if (distance > limit && !prefix) continue;
    const score = prefix ? Math.min(distance, limit) : distance;
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

export function didYouMean(word: string, candidates: Iterable<string>, render: (s: string) => string = (s) => s): string {
  const hit = closest(word, candidates);
  return hit === undefined ? '' : ` (did you mean ${render(hit)}?)`;
}
