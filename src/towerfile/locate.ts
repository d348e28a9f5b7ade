/**
 * Finds the line of a key in TOML text. The TOML parser returns values without positions, and a
 * reader (or a docs author) needs to know which line a schema problem is about.
 */
const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')`;
const DOTTED = String.raw`${KEY_PART}(?:\s*\.\s*${KEY_PART})*`;
const ARRAY_HEADER = new RegExp(String.raw`^\s*\[\[\s*(${DOTTED})\s*\]\]`);
const TABLE_HEADER = new RegExp(String.raw`^\s*\[\s*(${DOTTED})\s*\]`);
const KEY_LINE = new RegExp(String.raw`^\s*(${DOTTED})\s*=`);

function splitDotted(dotted: string): string[] {
  return (dotted.match(new RegExp(KEY_PART, 'g')) ?? []).map((p) => p.replace(/^["']|["']$/g, ''));
}

/**
 * 0-based line inside `code` where the value at `path` (JSON pointer segments; array indexes as
 * strings) is defined: the key line, or the table header for a table. Falls back to the closest
 * enclosing key or table; -1 if nothing matches (e.g. the document root).
 */
export function locateTomlPath(code: string, path: readonly string[]): number {
  const lines = code.split('\n');
  const defined = new Map<string, number>();
  const arrayCounts = new Map<string, number>();
  let table: string[] = [];
  lines.forEach((line, index) => {
    let m: RegExpExecArray | null;
    if ((m = ARRAY_HEADER.exec(line))) {
      const name = splitDotted(m[1]);
      const key = name.join('.');
      const n = arrayCounts.get(key) ?? 0;
      arrayCounts.set(key, n + 1);
      table = [...name, String(n)];
    } else if ((m = TABLE_HEADER.exec(line))) {
      table = splitDotted(m[1]);
    } else if ((m = KEY_LINE.exec(line))) {
      const full = [...table, ...splitDotted(m[1])].join('\u0000');
      if (!defined.has(full)) defined.set(full, index);
      return;
    } else {
      return;
    }
    const full = table.join('\u0000');
    if (!defined.has(full)) defined.set(full, index);
  });
  for (let n = path.length; n > 0; n--) {
    const hit = defined.get(path.slice(0, n).join('\u0000'));
    if (hit !== undefined) return hit;
  }
  return -1;
}
