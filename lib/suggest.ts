/** "Did you mean" support: the closest candidate by edit distance, or undefined if none is close. */

function editDistance(a: string, b: string): number {
  let prev = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The candidate closest to `word`. A candidate counts as close when the edit distance is at most a
 * third of the word's length (at least 1, plus 1 for words of 5 or more characters), or when one of
 * the two starts with the other and the shorter has at least three characters (`--param` ->
 * `--parameter`).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    if (c === w) return candidate;
    const distance = editDistance(w, c);
    const limit = Math.max(1, Math.floor(w.length / 3)) + (w.length >= 5 ? 1 : 0);
    const prefix = Math.min(w.length, c.length) >= 3 && (c.startsWith(w) || w.startsWith(c));
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
