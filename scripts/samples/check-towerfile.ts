/**
 * TOML code blocks must parse (smol-toml). A TOML block titled "Towerfile" (title="Towerfile", a
 * title ending in /Towerfile, or the bare word towerfile in the metastring) must also match
 * data/towerfile.schema.json; schema errors are reported with their instance path, on the line of
 * the offending key where it can be found.
 */
import { parse, TomlError } from 'smol-toml';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import { parseMeta, type CodeBlock } from './extract-blocks';
import { didYouMean } from './suggest';
import type { BlockProblem } from './types';

export const TOML_LANGS: ReadonlySet<string> = new Set(['toml']);

export function isTowerfileBlock(block: CodeBlock): boolean {
  if (!TOML_LANGS.has(block.lang)) return false;
  const { attrs } = parseMeta(block.meta);
  const title = attrs.get('title');
  if (typeof title === 'string' && /(^|\/)Towerfile$/.test(title.trim())) return true;
  for (const [key, value] of attrs) {
    if (value === true && key.toLowerCase() === 'towerfile') return true;
  }
  return false;
}

export interface TowerfileIssue {
  /** Instance path as JSON pointer segments, e.g. ["app", "name"] or ["parameters", "0", "hidden"]. */
  path: string[];
  message: string;
  /** For a missing required key: its name (the path is the table that lacks it). */
  missingKey?: string;
}

export type TowerfileValidator = (data: unknown) => TowerfileIssue[];

/** Compiles the Towerfile JSON Schema (draft 2020-12) with Ajv. Throws if the schema is invalid. */
export function createTowerfileValidator(schema: object): TowerfileValidator {
  // ajv is CommonJS; depending on the module interop the constructor is the import or its .default.
  const AjvClass = ((Ajv2020 as unknown as { default?: typeof Ajv2020 }).default ?? Ajv2020) as typeof Ajv2020;
  const ajv = new AjvClass({ allErrors: true, strict: true, verbose: true });
  const validate = ajv.compile(schema);
  return (data) => (validate(data) ? [] : (validate.errors ?? []).map(describeAjvError));
}

function describeAjvError(e: ErrorObject): TowerfileIssue {
  const path = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const at = e.instancePath || '/';
  if (e.keyword === 'additionalProperties') {
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return {
      path: [...path, key],
      message: `Towerfile ${at}: unknown key "${key}"${didYouMean(key, known, (k) => `"${k}"`)}`,
    };
  }
  if (e.keyword === 'required') {
    const key = String((e.params as { missingProperty: string }).missingProperty);
    return { path, message: `Towerfile ${at}: missing required key "${key}"`, missingKey: key };
  }
  return { path, message: `Towerfile ${at}: ${e.message ?? e.keyword}` };
}

export type TomlParseResult =
  | { ok: true; data: unknown }
  /** `line` is 1-based in the parsed text, or 0 when the parser did not say where. */
  | { ok: false; line: number; column: number; message: string };

/** Parses TOML with smol-toml; a failure carries the parser's first line of explanation and its position. */
export function parseToml(code: string): TomlParseResult {
  try {
    return { ok: true, data: parse(code) };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const first = text.split('\n')[0].replace(/^Invalid TOML document:\s*/, '');
    const where = err instanceof TomlError ? { line: err.line, column: err.column } : { line: 0, column: 0 };
    return { ok: false, ...where, message: `TOML does not parse: ${first}` };
  }
}

export interface LocatedTowerfileIssue extends TowerfileIssue {
  /** 0-based line in the Towerfile where the offending key (or its closest enclosing key) is, or -1. */
  offset: number;
}

/** Validates parsed Towerfile data and places each issue on its line of `code`. */
export function towerfileIssues(code: string, data: unknown, validator: TowerfileValidator): LocatedTowerfileIssue[] {
  return validator(data).map((issue) => ({ ...issue, offset: locateTomlPath(code, issue.path) }));
}

export interface TomlCheckResult {
  problems: BlockProblem[];
  /** TOML blocks parsed. */
  toml: number;
  /** Of those, blocks validated as Towerfiles. */
  towerfiles: number;
}

/**
 * Parses every TOML block and validates the Towerfile ones. With `validator` null (schema missing)
 * Towerfiles are only parsed; the caller reports the missing schema.
 */
export function checkTomlBlocks(blocks: CodeBlock[], validator: TowerfileValidator | null): TomlCheckResult {
  const problems: BlockProblem[] = [];
  let toml = 0;
  let towerfiles = 0;
  for (const block of blocks) {
    if (!TOML_LANGS.has(block.lang)) continue;
    toml++;
    const parsed = parseToml(block.code);
    if (!parsed.ok) {
      problems.push({ line: block.line + parsed.line, message: parsed.message });
      continue;
    }
    if (!isTowerfileBlock(block)) continue;
    towerfiles++;
    if (!validator) continue;
    for (const issue of towerfileIssues(block.code, parsed.data, validator)) {
      problems.push({ line: issue.offset === -1 ? block.line : block.line + 1 + issue.offset, message: issue.message });
    }
  }
  return { problems, toml, towerfiles };
}

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
export function locateTomlPath(code: string, path: string[]): number {
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
