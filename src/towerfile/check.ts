/**
 * Checks a Towerfile the way a reader needs it checked: TOML syntax, the rules of
 * data/towerfile.schema.json, and the rules Tower applies that a schema cannot express (the script
 * must stay inside the app and be packaged, a hidden parameter has no default...). Each problem
 * comes with its line, its key path, a plain message, the reference entry that explains the key,
 * and a "did you mean" for a misspelt key. A file without errors also gets a plan: what Tower will
 * package and start.
 *
 * One module serves both the Towerfile checker page (src/components/TowerfileChecker, with the
 * schema compiled at build time by plugins/towerfile-validator) and the build's sample checker
 * (scripts/samples/check-towerfile.ts, with the schema compiled by Ajv in Node). It never imports
 * a validator compiler: callers hand in a compiled `validate` function.
 */
import {parse, TomlError} from 'smol-toml';
import {closest} from '../../lib/suggest';
import {locateTomlPath} from './locate';
import {importPathModule, isPackaged, packagedDependencyFiles, scriptPathProblem, scriptRunner, type DependencyFile} from './packaging';
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
  'legacy-key' | 'script-outside-app' | 'script-kind' | 'script-not-packaged' | 'hidden-default' | 'parameter-name' | 'duplicate-parameter';

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

export interface TowerfileCheck {
  problems: TowerfileProblem[];
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

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'an empty string' : `the string "${value}"`;
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
  const last = path[path.length - 1];
  if (path.length === 1) return `[${last}]`;
  if (isIndex(last)) {
    const parent = path[path.length - 2];
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

function lineOf(text: string, path: readonly string[]): number | null {
  const line = locateTomlPath(text, path);
  return line === -1 ? null : line + 1;
}

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

function typeHint(key: string, expected: string, value: unknown): string {
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return ` Write ${key} = "${String(value)}".`;
  if (expected === 'boolean' && (value === 'true' || value === 'false')) return ` Write ${key} = ${value}.`;
  if (expected === 'array' && typeof value === 'string') return ` Write ${key} = ["${value}"].`;
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

function schemaProblem(error: ValidationError, text: string, data: unknown, schema: JsonSchema): TowerfileProblem {
  const path = pointerToPath(error.instancePath);
  const severity: Severity = toleratedByTower(error, path) ? 'warning' : 'error';
  const value = valueAt(data, path);
  const key = path.filter((s) => !isIndex(s)).at(-1) ?? '';
  const base = {severity, path, keyPath: keyPathLabel(path), line: lineOf(text, path), anchor: anchorFor(path)};

  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      const target = [...path, missing];
      const missingBase = {...base, path: target, keyPath: keyPathLabel(target), anchor: anchorFor(target)};
      if (path.length === 0 && missing === 'app') {
        return {...missingBase, message: 'The [app] table is missing. Every Towerfile needs one, with "name" and "script".'};
      }
      if (severity === 'warning') {
        return {
          ...missingBase,
          message: `${subject(path)} has no "${missing}". Tower accepts it, but a parameter without a name cannot be set or read.`,
        };
      }
      return {...missingBase, message: `${subject(path)} is missing "${missing}", which Tower requires.`};
    }
    case 'additionalProperties': {
      const unknown = String(error.params.additionalProperty);
      const target = [...path, unknown];
      const removed = REMOVED_KEYS[keyPathLabel(target).replace(/\[\d+\]/g, '[]')];
      const suggestion = removed?.replacement ?? closest(unknown, knownKeys(schema, path));
      const isTableValue = valueAt(data, target) !== null && typeof valueAt(data, target) === 'object' && !Array.isArray(valueAt(data, target));
      const what = path.length === 0 && isTableValue ? `Unknown table [${unknown}]` : `Unknown key "${unknown}"${path.length ? ` in ${subject(path)}` : ''}`;
      const message = removed ? `"${unknown}" ${removed.note}.` : `${what}: Tower ignores it, so it has no effect.`;
      return {
        ...base,
        path: target,
        keyPath: keyPathLabel(target),
        line: lineOf(text, target),
        anchor: suggestion ? anchorFor([...path, suggestion]) : path.length === 0 ? 'structure-at-a-glance' : anchorFor(path),
        message,
        ...(suggestion ? {suggestion} : {}),
      };
    }
    case 'type': {
      const expected = String(error.params.type);
      return {
        ...base,
        message: `${subject(path)} must be ${TYPE_WORDS[expected] ?? expected}, but it is ${describeValue(value)}.${typeHint(key, expected, value)}`,
      };
    }
    case 'minLength':
      if (severity === 'warning') {
        return {...base, message: 'This parameter\'s "name" is empty. Tower accepts it, but the parameter cannot be set or read.'};
      }
      return {...base, message: `${subject(path)} must not be empty.`};
    case 'pattern':
      return {...base, message: `${subject(path)} (${JSON.stringify(value)}) ${describePattern(String(error.params.pattern))}.`};
    default:
      return {...base, message: `${subject(path)} ${error.message ?? `breaks the "${error.keyword}" rule`}.`};
  }
}

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Tower's rules beyond the schema, on the parts of the file whose types are right. */
function towerRules(text: string, data: Record<string, unknown>, schema: JsonSchema): TowerfileProblem[] {
  const problems: TowerfileProblem[] = [];
  const at = (rule: TowerRule, path: string[], severity: Severity, message: string): void => {
    problems.push({severity, path, keyPath: keyPathLabel(path), line: lineOf(text, path), anchor: anchorFor(path), message, rule});
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
    const source = Array.isArray(app.source) ? asStrings(app.source) : [];
    if (!outside && source.length > 0 && !isPackaged(script, source)) {
      at(
        'script-not-packaged',
        ['app', 'source'],
        'warning',
        `No "source" pattern seems to include the script "${script}". Since tower-cli 0.3.67 the build fails when the script is not packaged: add it to "source".`,
      );
    }
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
        `"${name}" becomes an environment variable name; names other than letters, digits and underscores (not starting with a digit) are hard to read from code.`,
      );
    }
    const first = seen.get(name);
    if (first !== undefined) {
      at(
        'duplicate-parameter',
        [...path, 'name'],
        'warning',
        `A parameter named "${name}" is already declared in [[parameters]] block ${first + 1}; the app sees only one value per name.`,
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

function planOf(data: Record<string, unknown>): TowerfilePlan {
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
    dependencyFiles: packagedDependencyFiles(source),
    parameters,
    legacySchedule: typeof app.schedule === 'string' && app.schedule !== '',
  };
}

function byPosition(a: TowerfileProblem, b: TowerfileProblem): number {
  const line = (a.line ?? 0) - (b.line ?? 0);
  if (line !== 0) return line;
  return a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1;
}

/** Checks one Towerfile. Problems are sorted by line, errors before warnings. */
export function checkTowerfile(text: string, rules: TowerfileRules): TowerfileCheck {
  const parsed = parseToml(text);
  if (!parsed.ok) {
    return {
      problems: [
        {
          severity: 'error',
          line: parsed.line,
          ...(parsed.column !== undefined ? {column: parsed.column} : {}),
          path: [],
          keyPath: '',
          message: `This is not valid TOML: ${parsed.message}.`.replace(/\.\.$/, '.'),
          anchor: COMMON_ERRORS_ANCHOR,
        },
      ],
    };
  }
  const {data} = parsed;
  const valid = rules.validate(data);
  const problems = valid ? [] : (rules.validate.errors ?? []).map((error) => schemaProblem(error, text, data, rules.schema));
  problems.push(...towerRules(text, data, rules.schema));
  problems.sort(byPosition);
  const hasError = problems.some((p) => p.severity === 'error');
  return {problems, data, ...(hasError ? {} : {plan: planOf(data)})};
}
