/**
 * Checks a Towerfile the way a reader needs it checked: TOML syntax, the rules of
 * data/towerfile.schema.json, and the rules Tower applies that a schema cannot express (the script
 * must stay inside the app and be packaged, a hidden parameter has no default...). Each problem
 * comes with its line, its key path, a plain message, the reference entry that explains the key,
 * and a "did you mean" for a misspelt key. A file without errors also gets a plan: what Tower will
 * package and start.
 *
 * A syntax error does not hide the rest: the line (or the statement) it is on is set aside and the
 * file is read again, so every syntax error is listed, in plain words, with the other problems.
 *
 * Every step costs time in proportion to the text (the reader's tab and the docs MCP server both
 * run it on whatever they are given): key lines are read once per check, "did you mean" looks only
 * at keys short enough to be a typo, `source` globs are matched without backtracking, syntax errors
 * are recovered from up to a limit, and the problems listed stop at a limit with the rest counted.
 *
 * One module serves the Towerfile checker page (src/components/TowerfileChecker, with the schema
 * compiled at build time by plugins/towerfile-validator), the build's sample checker
 * (scripts/samples/check-towerfile.ts) and the docs MCP server's check_towerfile (mcp/checks.ts),
 * the last two with the schema compiled by Ajv in Node. It never imports a validator compiler:
 * callers hand in a compiled `validate` function.
 */
import {parse, TomlError} from 'smol-toml';
import {closest} from '../../lib/suggest';
import {tomlKeyLines, tomlLineKind, type TomlKeyLines} from './locate';
import {
  compileSourcePatterns,
  importPathModule,
  isPackaged,
  packagedDependencyFiles,
  scriptPathProblem,
  scriptRunner,
  type DependencyFile,
  type SourcePatterns,
} from './packaging';
import {COMMON_ERRORS_ANCHOR, headingAnchor, keyPathLabel, referenceHeading} from './reference';
import {isDeprecated, knownKeys, schemaAt, type JsonSchema} from './schema';

/** The part of an Ajv error object the checker reads (Ajv's own and its standalone code agree). */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A compiled JSON Schema validator: Ajv's `ValidateFunction`, or its standalone code. */
export type TowerfileValidate = ((data: unknown) => boolean) & {errors?: ValidationError[] | null};

/** Ajv options both compilations use, so the page and the build report the same errors. */
export const TOWERFILE_AJV_OPTIONS = {allErrors: true, strict: true} as const;

/**
 * `error`: Tower refuses the file (or the build that uses it). `warning`: Tower accepts it, but
 * something will not do what the author meant (an ignored key, an unusable parameter).
 */
export type Severity = 'error' | 'warning';

export interface TowerfileProblem {
  severity: Severity;
  /** 1-based line in the text, or null for the file as a whole. */
  line: number | null;
  /** 1-based column, where the TOML parser reports one. */
  column?: number;
  /** Instance path: ["app", "name"], ["parameters", "1", "hidden"]; [] for the whole file. */
  path: string[];
  /** `app.name`, `parameters[1].hidden`; empty for the whole file. */
  keyPath: string;
  message: string;
  /** For a misspelt or removed key: the key that was probably meant. */
  suggestion?: string;
  /** Id of the heading in docs/reference/towerfile.md that explains the key. */
  anchor: string;
  /** For Tower's rules beyond the schema: which one, so a caller that knows more can skip it. */
  rule?: TowerRule;
}

export type TowerRule =
  | 'legacy-key'
  | 'script-outside-app'
  | 'script-kind'
  | 'script-not-packaged'
  | 'source-pattern-unread'
  | 'hidden-default'
  | 'parameter-name'
  | 'duplicate-parameter';

interface TowerfileParameter {
  name: string;
  description: string;
  default: string;
  hidden: boolean;
}

/** What Tower does with a Towerfile that has no errors. */
export interface TowerfilePlan {
  name: string;
  script: string;
  /** How Tower starts the script: `uv run` for .py, `bash` for .sh, undefined otherwise. */
  runner: 'uv run' | 'bash' | undefined;
  description?: string;
  /** `source` patterns; empty means everything under the Towerfile's folder. */
  source: string[];
  importPaths: {path: string; module: string}[];
  /**
   * With `source` patterns: the dependency files those patterns would package, in Tower's order
   * of preference (the first one present is used). Without patterns: every dependency file present.
   */
  dependencyFiles: DependencyFile[];
  parameters: TowerfileParameter[];
  /** True when the legacy `schedule` key is set: it does nothing since tower-cli 0.3.59. */
  legacySchedule: boolean;
}

type TomlParse = {ok: true; data: Record<string, unknown>} | {ok: false; line: number | null; column?: number; message: string};

/** Problems listed at most; the rest are counted (`errors`, `warnings`). Errors are listed first. */
export const PROBLEM_LIMIT = 100;
/** Syntax errors recovered from at most; past them the checker stops and says so. */
export const SYNTAX_ERROR_LIMIT = 20;
/** The longest text checked, in characters (the docs MCP server takes no more either). Real Towerfiles are a few hundred. */
export const MAX_TOWERFILE_LENGTH = 64 * 1024;

export interface TowerfileCheck {
  /** Sorted by line, errors before warnings on a line; at most PROBLEM_LIMIT of them. */
  problems: TowerfileProblem[];
  /** All errors found, listed or not. */
  errors: number;
  /** All warnings found, listed or not. */
  warnings: number;
  /** The parsed TOML, when it parses. */
  data?: Record<string, unknown>;
  /** Present when there is no error (warnings allowed). */
  plan?: TowerfilePlan;
}

export interface TowerfileRules {
  validate: TowerfileValidate;
  /** data/towerfile.schema.json: known keys for suggestions, deprecations. */
  schema: JsonSchema;
}

/** Keys Tower used to read, and what replaced them. */
const REMOVED_KEYS: Record<string, {replacement: string; note: string}> = {
  'app.workspace': {replacement: 'import_paths', note: 'was removed in tower-cli 0.3.20 and is now ignored'},
};

/** Parses TOML; on a syntax error returns the parser's message and position. */
export function parseToml(text: string): TomlParse {
  try {
    return {ok: true, data: parse(text) as Record<string, unknown>};
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const message = raw
      .split('\n')[0]
      .replace(/^Invalid TOML document:\s*/, '')
      .trim();
    if (error instanceof TomlError) return {ok: false, line: error.line, column: error.column, message};
    return {ok: false, line: null, message};
  }
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let current = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Long keys and values are cut in messages: the message stays readable, and its size bounded. */
const SHOWN_LENGTH = 60;
const shorten = (text: string) => (text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text);

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'an empty string' : `the string "${shorten(value)}"`;
  if (typeof value === 'number' || typeof value === 'bigint') return `the number ${String(value)}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (value && typeof value === 'object') return 'a table';
  return 'empty';
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** How a message names the thing at `path`. */
function subject(path: readonly string[]): string {
  if (path.length === 0) return 'The Towerfile';
  const last = shorten(path[path.length - 1]);
  if (path.length === 1) return `[${last}]`;
  if (isIndex(last)) {
    const parent = shorten(path[path.length - 2]);
    return path.length === 2 ? `[[${parent}]] block ${Number(last) + 1}` : `Entry ${Number(last) + 1} of "${parent}"`;
  }
  return `"${last}"`;
}

/** The reference anchor for a path (array indexes dropped), or the common-errors section for the root. */
function anchorFor(path: readonly string[]): string {
  const keys = path.filter((segment) => !isIndex(segment));
  if (keys.length === 0) return COMMON_ERRORS_ANCHOR;
  return headingAnchor(referenceHeading(keys));
}

/** 1-based line of `path`, or null. */
function lineOf(keyLines: TomlKeyLines, path: readonly string[]): number | null {
  const line = keyLines.lineOf(path);
  return line === -1 ? null : line + 1;
}

/** Keys longer than this are not matched against known keys: none is a typo of a Towerfile key. */
const SUGGESTABLE_KEY_LENGTH = 32;

/** Problems that say a key or table is missing: a broken line that set a key below it may be why. */
const REPORTS_MISSING = new WeakSet<TowerfileProblem>();

/** The "did you mean" of an unknown key, worked out once the key's problem is among those listed. */
const SUGGEST_WHEN_LISTED = new WeakMap<TowerfileProblem, () => void>();

function pointerToPath(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `^[^:;]*$` reads as `must not contain ":" or ";"`; other patterns are quoted. */
function describePattern(pattern: string): string {
  const forbidden = /^\^\[\^([^\]]+)\]\*\$$/.exec(pattern);
  if (!forbidden) return `must match the pattern ${pattern}`;
  const chars = [...forbidden[1].replace(/\\(.)/g, '$1')].map((c) => `"${c}"`);
  return `must not contain ${chars.length > 1 ? `${chars.slice(0, -1).join(', ')} or ${chars[chars.length - 1]}` : chars[0]}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string in quotes',
  boolean: 'true or false, without quotes',
  array: 'a list, such as ["./main.py"]',
  object: 'a table',
  number: 'a number',
  integer: 'a whole number',
};

/** How to write the value right; `key` is undefined for an entry of a list (where `key = ...` would be wrong). */
function typeHint(key: string | undefined, expected: string, value: unknown): string {
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    return key === undefined ? ` Write it in quotes: "${String(value)}".` : ` Write ${key} = "${String(value)}".`;
  }
  if (key === undefined) return '';
  if (expected === 'boolean' && (value === 'true' || value === 'false')) return ` Write ${key} = ${value}.`;
  if (expected === 'array' && typeof value === 'string' && value.length <= SHOWN_LENGTH) return ` Write ${key} = ["${value}"].`;
  return '';
}

/**
 * Rules of the schema that Tower's own parser does not enforce, so breaking them is a warning:
 * unknown keys (Tower skips them) and a parameter's missing or empty name (the parser turns a
 * missing name into "").
 */
function toleratedByTower(error: ValidationError, path: readonly string[]): boolean {
  if (error.keyword === 'additionalProperties') return true;
  const inParameter = path[0] === 'parameters';
  if (error.keyword === 'required') return inParameter && path.length === 2 && error.params.missingProperty === 'name';
  if (error.keyword === 'minLength') return inParameter && path.length === 3 && path[2] === 'name';
  return false;
}

function schemaProblem(error: ValidationError, keyLines: TomlKeyLines, data: unknown, schema: JsonSchema): TowerfileProblem {
  const path = pointerToPath(error.instancePath);
  const severity: Severity = toleratedByTower(error, path) ? 'warning' : 'error';
  const value = valueAt(data, path);
  const key = path.filter((s) => !isIndex(s)).at(-1) ?? '';
  const base = {severity, path, keyPath: keyPathLabel(path), line: lineOf(keyLines, path), anchor: anchorFor(path)};

  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      const target = [...path, missing];
      const missingBase = {...base, path: target, keyPath: keyPathLabel(target), anchor: anchorFor(target)};
      let message: string;
      if (path.length === 0 && missing === 'app') {
        message = 'The [app] table is missing. Every Towerfile needs one, with "name" and "script".';
      } else if (severity === 'warning') {
        message = `${subject(path)} has no "${missing}". Tower accepts it, but a parameter without a name cannot be set or read.`;
      } else {
        message = `${subject(path)} is missing "${missing}", which Tower requires.`;
      }
      const problem = {...missingBase, message};
      REPORTS_MISSING.add(problem);
      return problem;
    }
    case 'additionalProperties': {
      const unknown = String(error.params.additionalProperty);
      const target = [...path, unknown];
      const removed = REMOVED_KEYS[keyPathLabel(target).replace(/\[\d+\]/g, '[]')];
      const isTableValue = valueAt(data, target) !== null && typeof valueAt(data, target) === 'object' && !Array.isArray(valueAt(data, target));
      const shown = shorten(unknown);
      const what = path.length === 0 && isTableValue ? `Unknown table [${shown}]` : `Unknown key "${shown}"${path.length ? ` in ${subject(path)}` : ''}`;
      const message = removed ? `"${unknown}" ${removed.note}.` : `${what}: Tower ignores it, so it has no effect.`;
      const problem: TowerfileProblem = {...base, path: target, keyPath: keyPathLabel(target), line: lineOf(keyLines, target), anchor: '', message};
      const suggest = (suggestion: string | undefined) => {
        problem.anchor = suggestion ? anchorFor([...path, suggestion]) : path.length === 0 ? 'structure-at-a-glance' : anchorFor(path);
        if (suggestion) problem.suggestion = suggestion;
      };
      if (removed) {
        suggest(removed.replacement);
      } else {
        suggest(undefined);
        // "Did you mean" only for the problems listed (see `listed`): thousands of unknown keys cost no more than a hundred.
        if (unknown.length <= SUGGESTABLE_KEY_LENGTH) SUGGEST_WHEN_LISTED.set(problem, () => suggest(closest(unknown, knownKeys(schema, path))));
      }
      return problem;
    }
    case 'type': {
      const expected = String(error.params.type);
      return {
        ...base,
        message: `${subject(path)} must be ${TYPE_WORDS[expected] ?? expected}, but it is ${describeValue(value)}.${typeHint(isIndex(path.at(-1) ?? '') ? undefined : key, expected, value)}`,
      };
    }
    case 'minLength':
      if (severity === 'warning') {
        return {...base, message: 'This parameter\'s "name" is empty. Tower accepts it, but the parameter cannot be set or read.'};
      }
      return {...base, message: `${subject(path)} must not be empty.`};
    case 'pattern':
      return {...base, message: `${subject(path)} (${shorten(JSON.stringify(value))}) ${describePattern(String(error.params.pattern))}.`};
    default:
      return {...base, message: `${subject(path)} ${error.message ?? `breaks the "${error.keyword}" rule`}.`};
  }
}

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Tower's rules beyond the schema, on the parts of the file whose types are right. */
function towerRules(keyLines: TomlKeyLines, data: Record<string, unknown>, schema: JsonSchema, source: SourcePatterns): TowerfileProblem[] {
  const problems: TowerfileProblem[] = [];
  const at = (rule: TowerRule, path: string[], severity: Severity, message: string): void => {
    problems.push({severity, path, keyPath: keyPathLabel(path), line: lineOf(keyLines, path), anchor: anchorFor(path), message, rule});
  };
  const app = data.app !== null && typeof data.app === 'object' && !Array.isArray(data.app) ? (data.app as Record<string, unknown>) : undefined;

  for (const path of deprecatedKeysIn(data, schema)) {
    at(
      'legacy-key',
      path,
      'warning',
      `"${path[path.length - 1]}" is a legacy key: since tower-cli 0.3.59 Tower no longer packages it. Create schedules with tower schedules create instead.`,
    );
  }

  const script = asString(app?.script);
  if (app && script) {
    const outside = scriptPathProblem(script);
    if (outside) {
      at('script-outside-app', ['app', 'script'], 'error', `"script" ${outside}: Tower refuses an entry point outside the app when it unpacks the package.`);
    } else if (!scriptRunner(script)) {
      at(
        'script-kind',
        ['app', 'script'],
        'warning',
        'Tower starts .py scripts with uv run and .sh scripts with bash; how it would start this file is not documented.',
      );
    }
    if (!outside && source.count > 0 && !isPackaged(script, source)) {
      at(
        'script-not-packaged',
        ['app', 'source'],
        'warning',
        `No "source" pattern seems to include the script "${shorten(script)}". Since tower-cli 0.3.67 the build fails when the script is not packaged: add it to "source".`,
      );
    }
  }
  for (const {index, reason} of source.unread) {
    at(
      'source-pattern-unread',
      ['app', 'source', String(index)],
      'warning',
      `The checker does not read entry ${index + 1} of "source": it ${reason}. So it cannot tell what that pattern packages.`,
    );
  }

  const parameters = Array.isArray(data.parameters) ? data.parameters : [];
  const seen = new Map<string, number>();
  parameters.forEach((raw, index) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return;
    const parameter = raw as Record<string, unknown>;
    const path = ['parameters', String(index)];
    const name = asString(parameter.name);
    if (parameter.hidden === true && typeof parameter.default === 'string' && parameter.default !== '') {
      at(
        'hidden-default',
        [...path, 'default'],
        'warning',
        "A hidden parameter should have no default: Tower's own Towerfile tools refuse one, and a default is stored in plain text. Keep the value in a secret.",
      );
    }
    if (!name) return;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      at(
        'parameter-name',
        [...path, 'name'],
        'warning',
        `"${shorten(name)}" becomes an environment variable name; names other than letters, digits and underscores (not starting with a digit) are hard to read from code.`,
      );
    }
    const first = seen.get(name);
    if (first !== undefined) {
      at(
        'duplicate-parameter',
        [...path, 'name'],
        'warning',
        `A parameter named "${shorten(name)}" is already declared in [[parameters]] block ${first + 1}; the app sees only one value per name.`,
      );
    } else {
      seen.set(name, index);
    }
  });
  return problems;
}

function deprecatedKeysIn(data: unknown, schema: JsonSchema, path: string[] = []): string[][] {
  if (data === null || typeof data !== 'object') return [];
  const found: string[][] = [];
  const entries = Array.isArray(data) ? data.map((v, i) => [String(i), v] as const) : Object.entries(data);
  for (const [key, value] of entries) {
    const child = [...path, key];
    const childSchema = schemaAt(schema, child);
    if (!childSchema) continue;
    // Tower's own Towerfile tools write `schedule = ""` (the default) into every file they touch.
    if (isDeprecated(schema, child)) {
      if (JSON.stringify(value) !== JSON.stringify(childSchema.default)) found.push(child);
    } else {
      found.push(...deprecatedKeysIn(value, schema, child));
    }
  }
  return found;
}

function planOf(data: Record<string, unknown>, patterns: SourcePatterns): TowerfilePlan {
  const app = data.app as Record<string, unknown>;
  const source = asStrings(app.source);
  const parameters = (Array.isArray(data.parameters) ? data.parameters : []).map((raw) => {
    const p = raw as Record<string, unknown>;
    return {
      name: asString(p.name) ?? '',
      description: asString(p.description) ?? '',
      default: asString(p.default) ?? '',
      hidden: p.hidden === true,
    };
  });
  const description = asString(app.description);
  return {
    name: String(app.name),
    script: String(app.script),
    runner: scriptRunner(String(app.script)),
    ...(description !== undefined ? {description} : {}),
    source,
    importPaths: asStrings(app.import_paths).map((path) => ({path, module: importPathModule(path)})),
    dependencyFiles: packagedDependencyFiles(patterns),
    parameters,
    legacySchedule: typeof app.schedule === 'string' && app.schedule !== '',
  };
}

function byPosition(a: TowerfileProblem, b: TowerfileProblem): number {
  const line = (a.line ?? 0) - (b.line ?? 0);
  if (line !== 0) return line;
  return a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1;
}

type SyntaxProblem = {line: number; column?: number; message: string};

/**
 * The parsed data (none when the checker gave up), the text it was parsed from (the lines set aside
 * blanked, so no problem can point into them), and the keys those lines set.
 */
type Recovered = {data?: Record<string, unknown>; text: string; syntax: SyntaxProblem[]; setAside: string[][]};

const isBlank = (line: string) => /^\s*(#.*)?$/.test(line);
const isHeaderLine = (line: string) => /^\s*\[/.test(line);
/** A line that starts a statement: a key, or a table header (complete or not). */
const startsStatement = (line: string) => tomlLineKind(line).kind !== 'other' || isHeaderLine(line);
const HEADER_NAME = /^\s*(\[\[?)\s*((?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*'))*)/;

const REDEFINED = 'trying to redefine an already defined table or value';

/** The value after `=` on a key line, trimmed. */
const valueText = (line: string) => line.slice(line.indexOf('=') + 1).trim();

/** The quote that would close the string a value starts. */
function closingQuote(value: string): string {
  for (const quote of ['"""', "'''", "'"]) if (value.startsWith(quote)) return quote;
  return '"';
}

/** What a TOML syntax error means, in the words of someone writing a Towerfile. */
function plainSyntaxMessage(raw: string, line: string, column: number, earlierLine: number | undefined): string {
  const key = tomlLineKind(line).kind === 'key' ? line.slice(0, line.indexOf('=')).trim() : undefined;
  const value = key === undefined ? '' : valueText(line);
  if (isHeaderLine(line) && raw !== REDEFINED) {
    if (/^\s*\[\[/.test(line) && !/\]\]/.test(line)) return 'This [[...]] header needs two closing brackets: "]]".';
    if (!line.includes(']')) return 'This table header has no closing "]".';
    return 'A table header is a name in brackets, such as [app], on a line of its own.';
  }
  const closing = closingQuote(value);
  const noClosingQuote =
    closing.length === 3 ? `This multi-line string has no closing ${closing}.` : `This string has no closing quote: end it with ${closing} on the same line.`;
  switch (raw) {
    case 'unfinished string':
      return noClosingQuote;
    case 'control characters are not allowed in strings':
      return column > line.length ? noClosingQuote : 'This string holds a control character (such as a tab): write it as an escape such as \\t.';
    case 'invalid value':
      if (key !== undefined && /^(true|false|yes|no)$/i.test(value)) {
        return `Write true or false in lower case, without quotes: ${shorten(key)} = ${/^(t|y)/i.test(value) ? 'true' : 'false'}.`;
      }
      if (key !== undefined && /^[A-Za-z_./][\w./-]*$/.test(value)) return `This text needs quotes: write ${shorten(key)} = "${shorten(value)}".`;
      if (key !== undefined && value === '') return `"${shorten(key)}" has no value after "=".`;
      return 'This is not a value TOML knows: put text in quotes ("..."), write lists as [...], and true or false in lower case.';
    case 'incomplete key-value: cannot find end of key':
      return 'This line has no "=": write key = value.';
    case 'unexpected end of key':
    case 'illegal empty bare key':
      return 'A key is missing before "=".';
    case 'illegal character in key':
      return 'A key holds only letters, digits, "_" and "-" (or is in quotes); this one has a space or another character, or its "=" is missing.';
    case REDEFINED:
      return earlierLine === undefined
        ? 'This is already defined above: each key, and each [table], appears only once.'
        : `This is already defined on line ${earlierLine + 1}: each key, and each [table], appears only once.`;
    case 'each key-value declaration must be followed by an end-of-line':
      return 'Something follows the value on this line: put each key on a line of its own, and start a comment with #.';
    case 'expected comma or end of structure':
      return 'A comma is missing between two items here (or the list has no closing "]").';
    case 'unfinished array':
      return 'This list has no closing "]".';
    case 'unfinished table':
      return 'This inline table has no closing "}".';
    case 'illegal leading zero':
      return 'A number cannot start with 0: if this is text, put it in quotes.';
    case 'invalid date':
    case 'invalid date-time: date part is malformed':
    case 'invalid date-time: time part is malformed':
      return 'This looks like a date but is not a valid one: if it is text, put it in quotes.';
    case 'unrecognised escape sequence':
    case 'invalid escape: only line-ending whitespace may be escaped':
    case 'invalid unicode escape':
    case 'invalid non-hex character in unicode escape':
      return 'A backslash in "..." starts an escape such as \\n: write \\\\ for a backslash, or put the text in single quotes.';
    default:
      return `This is not valid TOML: ${raw}.`;
  }
}

/** A value that can run over several lines: a list, an inline table or a multi-line string. */
const OPENS_MULTILINE = /^(\[|\{|"""|''')/;
const UNCLOSED = new Set(['expected comma or end of structure', 'unfinished array', 'unfinished table']);

/**
 * Parses the text; at each syntax error, sets its statement aside (blanks its lines, so line
 * numbers stay) or completes a header that lacks its closing brackets, and parses again, up to
 * SYNTAX_ERROR_LIMIT errors. Each pass reads the text once, so the whole stays linear in its length.
 */
function parseWithRecovery(text: string): Recovered {
  const lines = text.split('\n');
  const syntax: SyntaxProblem[] = [];
  const setAside: string[][] = [];
  const repaired = new Set<number>();
  for (;;) {
    const current = lines.join('\n');
    let error: unknown;
    try {
      return {data: parse(current) as Record<string, unknown>, text: current, syntax, setAside};
    } catch (caught) {
      error = caught;
    }
    if (!(error instanceof TomlError)) {
      syntax.push({line: 0, message: `This is not valid TOML: ${error instanceof Error ? error.message : String(error)}.`});
      return {text: current, syntax, setAside};
    }
    if (syntax.length === SYNTAX_ERROR_LIMIT) return {text: current, syntax, setAside};
    const raw = error.message
      .split('\n')[0]
      .replace(/^Invalid TOML document:\s*/, '')
      .trim();
    const at = Math.min(Math.max(error.line - 1, 0), lines.length - 1);
    const statementAbove = (from: number) => {
      for (let i = from; i >= 0; i--) if (startsStatement(lines[i])) return i;
      return from;
    };
    // The statement a line belongs to: its own, unless it continues a list, table or string opened above.
    const statementOf = (line: number) => {
      if (startsStatement(lines[line])) return line;
      const above = statementAbove(line);
      return above !== line && tomlLineKind(lines[above]).kind === 'key' && OPENS_MULTILINE.test(valueText(lines[above])) ? above : line;
    };
    const nextStatement = (after: number, test: (line: string) => boolean) => {
      for (let i = after + 1; i < lines.length; i++) if (test(lines[i])) return i;
      return lines.length;
    };
    const firstColumn = lines[at].length - lines[at].trimStart().length + 1;

    let from: number;
    let to: number;
    let reportAt = at;
    let message: string;
    const opener = at > 0 ? statementAbove(at - 1) : -1;
    // A key where the parser wanted the next item of a list: the list above was never closed.
    const inOpenValue = raw === 'invalid value' && opener !== -1 && tomlLineKind(lines[opener]).kind === 'key' && /^[[{]/.test(valueText(lines[opener]));
    if ((UNCLOSED.has(raw) || inOpenValue) && at > 0 && startsStatement(lines[at]) && error.column <= firstColumn) {
      // A new statement began where a list or inline table should have closed: the open one is the problem.
      from = opener;
      to = at - 1;
      reportAt = from;
      message = valueText(lines[from]).startsWith('{') ? 'This inline table has no closing "}".' : 'This list has no closing "]".';
    } else {
      from = statementOf(at);
      const header = isHeaderLine(lines[from]);
      // A table defined twice: its whole section goes, or its keys would land in the table above.
      to = header && raw === REDEFINED ? nextStatement(from, isHeaderLine) - 1 : nextStatement(at, startsStatement) - 1;
      let earlier: number | undefined;
      if (raw === REDEFINED) {
        const keyLines = tomlKeyLines(current);
        const path = keyLines.pathAt(at);
        const first = path ? keyLines.lineOf(path) : -1;
        earlier = first !== -1 && first < at ? first : undefined;
      }
      message = plainSyntaxMessage(raw, lines[at], error.column, earlier);
      const name = HEADER_NAME.exec(lines[from]);
      if (header && name && from === at && raw !== REDEFINED && !repaired.has(from)) {
        // `[app` or `[[parameters]`: the table meant is clear, so read on as if the brackets were there.
        repaired.add(from);
        lines[from] = name[1] === '[[' ? `[[${name[2]}]]` : `[${name[2]}]`;
        syntax.push({line: at + 1, column: error.column, message});
        continue;
      }
    }
    // The key's full path, with the index of its [[parameters]] block: what a problem it echoes is about.
    const path = tomlLineKind(lines[from]).kind === 'key' ? tomlKeyLines(current).pathAt(from) : undefined;
    if (path) setAside.push(path);
    syntax.push({line: reportAt + 1, ...(reportAt === at ? {column: error.column} : {}), message});
    let changed = false;
    for (let i = from; i <= to; i++) {
      if (!isBlank(lines[i])) changed = true;
      lines[i] = '';
    }
    if (!changed) return {text: current, syntax, setAside};
  }
}

const startsPath = (prefix: readonly string[], path: readonly string[]) => prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);

/**
 * Whether a problem only echoes a key set aside after a syntax error: a problem about that key, or
 * a table it would have defined (`app.script = "m.py` defines [app]) reported missing.
 */
function echoesSetAside(problem: TowerfileProblem, setAside: readonly string[][]): boolean {
  return setAside.some((path) =>
    REPORTS_MISSING.has(problem) ? startsPath(problem.path, path) : problem.path.length === path.length && startsPath(problem.path, path),
  );
}

function syntaxProblem({line, column, message}: SyntaxProblem): TowerfileProblem {
  return {
    severity: 'error',
    line: line === 0 ? null : line,
    ...(column !== undefined ? {column} : {}),
    path: [],
    keyPath: '',
    message,
    anchor: COMMON_ERRORS_ANCHOR,
  };
}

/** The problems sorted, at most PROBLEM_LIMIT of them (errors first), and the totals. */
function listed(all: TowerfileProblem[]): Pick<TowerfileCheck, 'problems' | 'errors' | 'warnings'> {
  all.sort(byPosition);
  const errors = all.filter((p) => p.severity === 'error');
  const warnings = all.filter((p) => p.severity === 'warning');
  const kept = all.length <= PROBLEM_LIMIT ? all : [...errors, ...warnings].slice(0, PROBLEM_LIMIT);
  for (const problem of kept) SUGGEST_WHEN_LISTED.get(problem)?.();
  return {problems: kept.sort(byPosition), errors: errors.length, warnings: warnings.length};
}

function wholeFileError(message: string): TowerfileCheck {
  return {problems: [syntaxProblem({line: 0, message})], errors: 1, warnings: 0};
}

/**
 * Checks one Towerfile. Problems are sorted by line, errors before warnings; every syntax error is
 * listed with the other problems. No input makes it throw: an unexpected failure is a problem too.
 */
export function checkTowerfile(text: string, rules: TowerfileRules): TowerfileCheck {
  if (text.length > MAX_TOWERFILE_LENGTH) {
    return wholeFileError(
      `This text is ${Math.ceil(text.length / 1024)} KiB long; the checker reads up to ${MAX_TOWERFILE_LENGTH / 1024} KiB (a Towerfile is usually under 1 KiB).`,
    );
  }
  try {
    const recovered = parseWithRecovery(text);
    const syntax = recovered.syntax.map(syntaxProblem);
    if (!recovered.data) {
      if (recovered.syntax.length === SYNTAX_ERROR_LIMIT) {
        syntax.push(syntaxProblem({line: 0, message: `The checker stopped after ${SYNTAX_ERROR_LIMIT} syntax errors: fix these and it reads on.`}));
      }
      return listed(syntax);
    }
    const {data} = recovered;
    const keyLines = tomlKeyLines(recovered.text);
    const app = data.app !== null && typeof data.app === 'object' && !Array.isArray(data.app) ? (data.app as Record<string, unknown>) : undefined;
    const source = compileSourcePatterns(asStrings(app?.source));
    const valid = rules.validate(data);
    const found = valid ? [] : (rules.validate.errors ?? []).map((error) => schemaProblem(error, keyLines, data, rules.schema));
    found.push(...towerRules(keyLines, data, rules.schema, source));
    const result = listed([...syntax, ...found.filter((problem) => !echoesSetAside(problem, recovered.setAside))]);
    return {...result, data, ...(result.errors === 0 ? {plan: planOf(data, source)} : {})};
  } catch (error) {
    return wholeFileError(`The checker could not finish reading this file (${error instanceof Error ? error.message : String(error)}). Please report it.`);
  }
}
