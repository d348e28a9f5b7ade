/**
 * Glob matching for `source` patterns, in time proportional to the pattern's length times the
 * path's length, whatever the pattern.
 *
 * Why not picomatch (which this replaced): it compiles a glob to a backtracking regular expression,
 * and both the pattern and the path come from the reader's Towerfile. `*a*a*a*a*a*a*a*ac` took 2.5 s
 * against a 41-character script path, a 15 KB brace pattern 6 s, and a longer one threw. Here a
 * segment is matched by stepping a set of pattern positions along the name (no backtracking), and
 * `**` by a table of pattern segments against path segments.
 *
 * Supported: `*` (any run within a name), `?` (one character), `[abc]`, `[a-z]`, `[!a]` / `[^a]`,
 * `**` as a whole segment (any number of folders, none included), `{a,b}` alternatives (nested),
 * and `\` to escape. A leading `./` is ignored; names starting with a dot match like any other.
 */

/** The longest pattern the checker reads; real `source` patterns are a few dozen characters. */
export const MAX_PATTERN_LENGTH = 256;
/** The most alternatives a pattern's braces may expand to. */
export const MAX_ALTERNATIVES = 64;
/** The most characters a pattern's alternatives may add up to: what matching one path costs is proportional to it. */
export const MAX_EXPANDED_LENGTH = 2048;

type Token = {kind: 'star'} | {kind: 'any'} | {kind: 'char'; char: string} | {kind: 'class'; negated: boolean; ranges: [string, string][]};
type Segment = {kind: 'globstar'} | {kind: 'name'; tokens: Token[]};

export type GlobMatcher = (path: string) => boolean;
export type GlobResult = {ok: true; matches: GlobMatcher; expandedLength: number} | {ok: false; reason: string};

/** `./a/b/` and `a/b` are the same path; Tower ignores a leading `./`. */
export function normaliseGlobPath(path: string): string {
  return path
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The top-level comma-separated parts of `body` (the text between a pair of braces). */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** Every pattern the braces stand for, or null past MAX_ALTERNATIVES. A brace without a comma is literal. */
function expandBraces(pattern: string): string[] | null {
  let results = [''];
  let literalFrom = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      i++;
      continue;
    }
    if (pattern[i] !== '{') continue;
    const close = closingBrace(pattern, i);
    if (close === -1) break;
    const parts = splitAlternatives(pattern.slice(i + 1, close));
    if (parts.length < 2) continue;
    const expanded: string[] = [];
    for (const part of parts) {
      const inner = expandBraces(part);
      if (inner === null) return null;
      for (const alternative of inner) expanded.push(alternative);
      if (expanded.length > MAX_ALTERNATIVES) return null;
    }
    const prefix = pattern.slice(literalFrom, i);
    const next: string[] = [];
    for (const head of results) {
      for (const tail of expanded) {
        next.push(head + prefix + tail);
        if (next.length > MAX_ALTERNATIVES) return null;
      }
    }
    results = next;
    literalFrom = close + 1;
    i = close;
  }
  const rest = pattern.slice(literalFrom);
  return results.map((head) => head + rest);
}

/** The tokens of one path segment of a pattern. */
function tokenise(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '\\' && i + 1 < segment.length) {
      tokens.push({kind: 'char', char: segment[++i]});
    } else if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({kind: 'star'});
    } else if (c === '?') {
      tokens.push({kind: 'any'});
    } else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close === -1) {
        tokens.push({kind: 'char', char: c});
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body[0] === '!' || body[0] === '^';
      if (negated) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let j = 0; j < body.length; j++) {
        if (body[j + 1] === '-' && j + 2 < body.length) {
          ranges.push([body[j], body[j + 2]]);
          j += 2;
        } else {
          ranges.push([body[j], body[j]]);
        }
      }
      tokens.push({kind: 'class', negated, ranges});
      i = close;
    } else {
      tokens.push({kind: 'char', char: c});
    }
  }
  return tokens;
}

function tokenAccepts(token: Token, char: string): boolean {
  switch (token.kind) {
    case 'star':
    case 'any':
      return true;
    case 'char':
      return token.char === char;
    case 'class':
      return token.ranges.some(([from, to]) => char >= from && char <= to) !== token.negated;
  }
}

/** Whether one name matches one segment's tokens: a set of positions stepped along the name. */
function nameMatches(tokens: readonly Token[], name: string): boolean {
  let states = new Uint8Array(tokens.length + 1);
  let next = new Uint8Array(tokens.length + 1);
  // A star may match nothing: a position before a star also stands for the position after it.
  const close = (set: Uint8Array) => {
    for (let i = 0; i < tokens.length; i++) if (set[i] && tokens[i].kind === 'star') set[i + 1] = 1;
  };
  states[0] = 1;
  close(states);
  for (const char of name) {
    next.fill(0);
    let any = false;
    for (let i = 0; i < tokens.length; i++) {
      if (!states[i] || !tokenAccepts(tokens[i], char)) continue;
      // A star stays where it is (it can take more characters); any other token moves on.
      next[tokens[i].kind === 'star' ? i : i + 1] = 1;
      any = true;
    }
    if (!any) return false;
    close(next);
    [states, next] = [next, states];
  }
  return states[tokens.length] === 1;
}

function segmentsOf(pattern: string): Segment[] {
  return pattern.split('/').map((segment) => (segment === '**' ? {kind: 'globstar'} : {kind: 'name', tokens: tokenise(segment)}));
}

/** Whether the segments match the path or a folder above it (a leading part that ends at a segment boundary). */
function segmentsMatch(pattern: readonly Segment[], path: readonly string[]): boolean {
  // reach[j]: the pattern's first i segments can consume the path's first j segments.
  let reach = new Uint8Array(path.length + 1);
  reach[0] = 1;
  for (const segment of pattern) {
    const next = new Uint8Array(path.length + 1);
    for (let j = 0; j <= path.length; j++) {
      if (!reach[j]) continue;
      if (segment.kind === 'globstar') {
        for (let k = j; k <= path.length; k++) next[k] = 1;
        break;
      }
      if (j < path.length && nameMatches(segment.tokens, path[j])) next[j + 1] = 1;
    }
    reach = next;
  }
  return reach.some((reached, j) => reached === 1 && j > 0);
}

/**
 * Compiles a `source` pattern. The matcher answers whether a file is packaged under the pattern:
 * when the pattern matches the file or one of the folders above it (a matching folder brings in
 * everything below it).
 */
export function compileGlob(pattern: string): GlobResult {
  const normalised = normaliseGlobPath(pattern);
  if (normalised.length > MAX_PATTERN_LENGTH) {
    return {ok: false, reason: `is ${normalised.length} characters long, and the checker reads patterns of up to ${MAX_PATTERN_LENGTH}`};
  }
  const alternatives = expandBraces(normalised);
  const expandedLength = alternatives?.reduce((sum, alternative) => sum + alternative.length, 0) ?? Infinity;
  if (alternatives === null) return {ok: false, reason: `has braces that stand for more than ${MAX_ALTERNATIVES} patterns`};
  if (expandedLength > MAX_EXPANDED_LENGTH) {
    return {ok: false, reason: `has braces that stand for ${expandedLength} characters of patterns, and the checker reads up to ${MAX_EXPANDED_LENGTH}`};
  }
  const compiled = alternatives.map(segmentsOf);
  return {
    ok: true,
    expandedLength,
    matches: (file) => {
      const path = normaliseGlobPath(file).split('/');
      return compiled.some((segments) => segmentsMatch(segments, path));
    },
  };
}
