/**
 * Lints openapi/tower-api.yaml with @redocly/openapi-core.
 *
 * Rules: Redocly's `recommended` ruleset. When a redocly.yaml exists at the repository root it
 * is loaded instead (it extends `recommended` and switches off only the rules that contradict
 * what we know about the API, each with a comment saying why).
 *
 * Our own `x-tower-*` extensions are allowed everywhere: the OpenAPI structure rule skips
 * unknown `x-` keys, and on top of that this script checks the shape of the extensions it
 * knows about, so a typo such as `x-tower-relate` is reported instead of silently ignored.
 *
 * It also reports declared tags that no operation uses (an empty group would silently drop out
 * of the sidebar and the overview).
 *
 * Every problem is printed with its file, line, column and JSON pointer. The exit code is 1
 * when at least one problem has severity "error" (or the file cannot be read), otherwise 0.
 *
 * Usage: node --import tsx scripts/validate-openapi.ts [path/to/spec.yaml]
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createConfig, getLineColLocation, lint, loadConfig, type Config, type NormalizedProblem} from '@redocly/openapi-core';
import {isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document as YamlDocument} from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specPath = path.resolve(repoRoot, process.argv[2] ?? 'openapi/tower-api.yaml');
const configPath = path.join(repoRoot, 'redocly.yaml');

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The x- keys we put on operations and schemas, with a check for each value. */
const KNOWN_EXTENSIONS: Record<string, (value: unknown) => string | null> = {
  'x-tower-related': (value) => {
    if (!Array.isArray(value) || value.length < 1 || value.length > 3) {
      return 'must be a list of 1 to 3 site routes';
    }
    const bad = value.filter((route) => typeof route !== 'string' || !/^\/docs\/[a-z0-9/-]+$/.test(route));
    return bad.length ? `contains entries that are not site routes: ${bad.join(', ')}` : null;
  },
  'x-tower-cli': (value) => (typeof value === 'string' && /^tower( |$)/.test(value) ? null : 'must be a command line starting with "tower"'),
  'x-tower-sdk': (value) => (typeof value === 'string' && /^tower\./.test(value) ? null : 'must be a Python call starting with "tower."'),
  'x-tower-history': (value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? null : 'must be an object with the last API version the operation was seen in',
  'x-tower-spec-name': (value) => (typeof value === 'string' ? null : 'must be a string'),
};

/**
 * Component schemas that may stay unreferenced, with the reason. redocly.yaml switches off
 * `no-unused-components` because of these; checkUnusedSchemas() below covers everything else.
 */
const UNREFERENCED_SCHEMAS: Record<string, string> = {
  TagFilter: "structure of list-apps' tag_filter value, which is sent as a serialized string",
};

type LocalProblem = {severity: 'error'; ruleId: string; message: string; where: string};

/** The parts of the document these checks read; anything else in it is walked as plain JSON. */
type SpecDocument = {
  paths?: Record<string, Record<string, {tags?: string[]} | undefined> | undefined>;
  tags?: Array<{name?: unknown} | undefined>;
  components?: {schemas?: Record<string, unknown>};
} | null;

function checkUnusedSchemas(doc: SpecDocument): LocalProblem[] {
  const used = new Set<string>();
  const collect = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(collect);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          used.add(value.slice('#/components/schemas/'.length));
        } else {
          collect(value);
        }
      }
    }
  };
  collect(doc);
  return Object.keys(doc?.components?.schemas ?? {})
    .filter((name) => !used.has(name) && !(name in UNREFERENCED_SCHEMAS))
    .map((name) => ({
      severity: 'error' as const,
      ruleId: 'tower-unused-schemas',
      message: `Component schema "${name}" is never referenced.`,
      where: `#/components/schemas/${name}`,
    }));
}

/**
 * A declared tag that no operation uses would silently vanish from the sidebar and the overview
 * (both skip empty groups), so a typo in an operation's tag would leave a group empty unnoticed.
 */
function checkUnusedTags(doc: SpecDocument): LocalProblem[] {
  const used = new Set<string>();
  for (const item of Object.values(doc?.paths ?? {})) {
    for (const method of HTTP_METHODS) for (const tag of item?.[method]?.tags ?? []) used.add(tag);
  }
  return (doc?.tags ?? [])
    .map((tag, index) => ({name: String(tag?.name), index}))
    .filter(({name}) => !used.has(name))
    .map(({name, index}) => ({
      severity: 'error' as const,
      ruleId: 'tower-unused-tags',
      message: `Tag "${name}" is declared but no operation uses it.`,
      where: `#/tags/${index}`,
    }));
}

function checkExtensions(doc: SpecDocument): LocalProblem[] {
  const problems: LocalProblem[] = [];
  const visit = (node: Record<string, unknown>, pointer: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('x-tower')) continue;
      const check = KNOWN_EXTENSIONS[key];
      const message = check ? check(value) : 'is not one of the known x-tower extensions';
      if (message) {
        problems.push({severity: 'error', ruleId: 'tower-extensions', message: `${key} ${message}`, where: `${pointer}/${key}`});
      }
    }
  };
  visit(doc ?? {}, '#');
  for (const [p, item] of Object.entries(doc?.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (operation) visit(operation, `#/paths/${p.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`);
    }
  }
  for (const [name, schema] of Object.entries(doc?.components?.schemas ?? {})) {
    if (schema && typeof schema === 'object') visit(schema as Record<string, unknown>, `#/components/schemas/${name}`);
  }
  return problems;
}

function rangeOf(node: unknown): [number, number, number] | undefined {
  return isNode(node) ? (node.range ?? undefined) : undefined;
}

/** file:line:col for a JSON pointer such as `#/paths/~1apps/get`, found in the parsed YAML. */
function pointerLocation(yamlDoc: YamlDocument, lines: LineCounter, pointer: string): string {
  const file = path.relative(repoRoot, specPath);
  const segments = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  let node: unknown = yamlDoc.contents;
  let keyNode: unknown;
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === segment);
      keyNode = pair?.key;
      node = pair?.value;
    } else if (isSeq(node)) {
      keyNode = undefined;
      node = node.items[Number(segment)];
    } else {
      node = undefined;
    }
    if (node === undefined) break;
  }
  const range = rangeOf(keyNode) ?? rangeOf(node);
  if (!range) return `${file} ${pointer}`;
  const {line, col} = lines.linePos(range[0]);
  return `${file}:${line}:${col} ${pointer}`;
}

function describeLocation(problem: NormalizedProblem): string {
  const location = problem.location[0];
  if (!location) return path.relative(repoRoot, specPath);
  const file = path.relative(repoRoot, location.source.absoluteRef);
  try {
    const {start} = getLineColLocation(location);
    const pointer = location.pointer ? ` ${location.pointer}` : '';
    return `${file}:${start.line}:${start.col}${pointer}`;
  } catch {
    return `${file} ${location.pointer ?? ''}`.trim();
  }
}

async function main(): Promise<number> {
  if (!existsSync(specPath)) {
    console.error(`error: ${path.relative(repoRoot, specPath)} does not exist`);
    return 1;
  }

  const name = path.relative(repoRoot, specPath);
  const lines = new LineCounter();
  const yamlDoc = parseDocument(readFileSync(specPath, 'utf8'), {lineCounter: lines, uniqueKeys: true});
  if (yamlDoc.errors.length > 0) {
    // Later errors are usually knock-on effects of the first ones; show at most ten.
    for (const error of yamlDoc.errors.slice(0, 10)) {
      const {line, col} = lines.linePos(error.pos[0]);
      console.log(`error: ${name}:${line}:${col} [yaml-syntax] ${error.message.split('\n')[0]}`);
    }
    console.log(`${name}: ${yamlDoc.errors.length} error(s); the file is not valid YAML.`);
    return 1;
  }

  const config: Config = existsSync(configPath) ? await loadConfig({configPath}) : await createConfig({extends: ['recommended']});

  const problems = (await lint({ref: specPath, config})).filter((problem) => !problem.ignored);
  let errors = 0;
  let warnings = 0;
  for (const problem of problems) {
    if (problem.severity === 'error') errors += 1;
    else warnings += 1;
    console.log(`${problem.severity}: ${describeLocation(problem)} [${problem.ruleId}] ${problem.message}`);
  }

  const doc = yamlDoc.toJS();
  for (const problem of [...checkExtensions(doc), ...checkUnusedSchemas(doc), ...checkUnusedTags(doc)]) {
    errors += 1;
    console.log(`${problem.severity}: ${pointerLocation(yamlDoc, lines, problem.where)} [${problem.ruleId}] ${problem.message}`);
  }

  if (errors === 0 && warnings === 0) {
    console.log(`${name}: valid, no problems (${existsSync(configPath) ? 'redocly.yaml' : 'recommended'} rules).`);
  } else {
    console.log(`${name}: ${errors} error(s), ${warnings} warning(s).`);
  }
  return errors > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
