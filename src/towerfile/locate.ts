/**
 * Finds the line of a key in TOML text. The TOML parser returns values without positions, and a
 * reader (or a docs author) needs to know which line a schema problem is about.
 *
 * The text is read once into a map from key path to line (`tomlKeyLines`), and every lookup after
 * that is a map lookup: a check with thousands of problems must not read the text once per problem.
 */
const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')`;
const DOTTED = String.raw`${KEY_PART}(?:\s*\.\s*${KEY_PART})*`;
const ARRAY_HEADER = new RegExp(String.raw`^\s*\[\[\s*(${DOTTED})\s*\]\]`);
const TABLE_HEADER = new RegExp(String.raw`^\s*\[\s*(${DOTTED})\s*\]`);
const KEY_LINE = new RegExp(String.raw`^\s*(${DOTTED})\s*=`);
const KEY_PART_GLOBAL = new RegExp(KEY_PART, 'g');

/** Joins path segments into a map key; no key of a Towerfile contains the separator. */
const joined = (path: readonly string[]) => path.join('\u0000');

export function splitDotted(dotted: string): string[] {
  return (dotted.match(KEY_PART_GLOBAL) ?? []).map((p) => p.replace(/^["']|["']$/g, ''));
}

/** What a line of TOML starts, as far as a line on its own can tell. */
export type TomlLineKind = {kind: 'array-header' | 'table-header'; name: string[]} | {kind: 'key'; key: string[]} | {kind: 'other'};

export function tomlLineKind(line: string): TomlLineKind {
  let m: RegExpExecArray | null;
  if ((m = ARRAY_HEADER.exec(line))) return {kind: 'array-header', name: splitDotted(m[1])};
  if ((m = TABLE_HEADER.exec(line))) return {kind: 'table-header', name: splitDotted(m[1])};
  if ((m = KEY_LINE.exec(line))) return {kind: 'key', key: splitDotted(m[1])};
  return {kind: 'other'};
}

export interface TomlKeyLines {
  /**
   * 0-based line where the value at `path` (JSON pointer segments; array indexes as strings) is
   * defined: the key line, or the table header for a table. Falls back to the closest enclosing key
   * or table; -1 if nothing matches (e.g. the document root).
   */
  lineOf(path: readonly string[]): number;
  /** The full path a 0-based line defines (a key with its table, or a table header), or undefined. */
  pathAt(line: number): string[] | undefined;
}

/** Reads `code` once; every later lookup costs no more than the length of the path asked for. */
export function tomlKeyLines(code: string): TomlKeyLines {
  const defined = new Map<string, number>();
  const pathOfLine = new Map<number, string[]>();
  const arrayCounts = new Map<string, number>();
  let table: string[] = [];
  code.split('\n').forEach((text, index) => {
    const line = tomlLineKind(text);
    let full: string[];
    if (line.kind === 'array-header') {
      const key = joined(line.name);
      const n = arrayCounts.get(key) ?? 0;
      arrayCounts.set(key, n + 1);
      table = [...line.name, String(n)];
      full = table;
    } else if (line.kind === 'table-header') {
      table = line.name;
      full = table;
    } else if (line.kind === 'key') {
      full = [...table, ...line.key];
    } else {
      return;
    }
    pathOfLine.set(index, full);
    const key = joined(full);
    if (!defined.has(key)) defined.set(key, index);
  });
  return {
    lineOf(path) {
      for (let n = path.length; n > 0; n--) {
        const hit = defined.get(joined(path.slice(0, n)));
        if (hit !== undefined) return hit;
      }
      return -1;
    },
    pathAt: (line) => pathOfLine.get(line),
  };
}

/** One lookup: `tomlKeyLines(code).lineOf(path)`. Build the map once when asking more than once. */
export function locateTomlPath(code: string, path: readonly string[]): number {
  return tomlKeyLines(code).lineOf(path);
}
