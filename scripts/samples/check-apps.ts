/**
 * The checks a Tower app gets as a whole, whether it is an example project under examples/
 * (check-projects.ts) or a Towerfile and Python code shown in one section of a page
 * (check-page-apps.ts):
 * - every third-party import is installed by the dependency file (import names are mapped to
 *   distribution names, e.g. `yaml` -> `pyyaml`);
 * - every parameter the code reads is declared in the Towerfile, every secret it reads is
 *   documented on the page (a `tower secrets create` command), and every environment variable it
 *   reads is one or the other;
 * - optionally: every declared parameter is read, and `tower.run_app` starts known apps with
 *   parameters their Towerfiles declare.
 */
import {parse} from 'smol-toml';
import {shellCommands, SHELL_LANGS} from '../../lib/tower-cli';
import type {CodeBlock} from './extract-blocks';
import type {PythonAnalysis} from './python-analysis';
import {didYouMean} from '../../lib/suggest';
import type {Problem} from './types';

/** Import names whose distribution on PyPI has another name. Anything else maps to itself. */
export const DISTRIBUTIONS_OF_IMPORT: Readonly<Record<string, readonly string[]>> = {
  yaml: ['pyyaml'],
  sklearn: ['scikit-learn'],
  PIL: ['pillow'],
  bs4: ['beautifulsoup4'],
  dateutil: ['python-dateutil'],
  dotenv: ['python-dotenv'],
  cv2: ['opencv-python', 'opencv-python-headless'],
  attr: ['attrs'],
  jwt: ['pyjwt'],
  psycopg2: ['psycopg2', 'psycopg2-binary'],
  snowflake: ['snowflake-connector-python', 'snowflake-snowpark-python'],
  google: ['google-cloud-bigquery', 'google-cloud-storage', 'google-api-python-client', 'protobuf'],
  jose: ['python-jose'],
  magic: ['python-magic'],
};

/** PEP 503 normalised distribution name. */
export function normaliseDistribution(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The distributions that provide a top-level import name. */
export function distributionsFor(importName: string): string[] {
  return (DISTRIBUTIONS_OF_IMPORT[importName] ?? [importName]).map(normaliseDistribution);
}

export interface Dependencies {
  /** Where they are listed (for messages). */
  file: string;
  /** Normalised distribution names that count as installed. */
  names: Set<string>;
  /** How to say that a name is missing: "does not list" (example projects) or "does not install". */
  verb?: string;
}

export interface Requirement {
  /** Normalised distribution name. */
  name: string;
  /** Extras, lower-case, e.g. ["ai", "iceberg"] for tower[ai,iceberg]. */
  extras: string[];
}

const REQUIREMENT = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[([^\]]*)\])?/;

/** Name and extras of a PEP 508 requirement string; undefined when it does not start with a name. */
export function parseRequirement(text: string): Requirement | undefined {
  const match = REQUIREMENT.exec(text);
  if (!match) return undefined;
  const extras = (match[2] ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return {name: normaliseDistribution(match[1]), extras};
}

/** The requirements of a pyproject.toml's [project].dependencies. Throws on invalid TOML or a missing list. */
export function pyprojectDependencies(text: string): Requirement[] {
  const data = parse(text) as {project?: {dependencies?: unknown}};
  const list = data.project?.dependencies;
  if (!Array.isArray(list)) throw new Error('has no [project] dependencies list');
  return list.map((entry) => {
    const requirement = typeof entry === 'string' ? parseRequirement(entry) : undefined;
    if (!requirement) throw new Error(`has a dependency that is not a requirement string: ${JSON.stringify(entry)}`);
    return requirement;
  });
}

/** The requirements of a requirements.txt (comments, options and blank lines skipped). */
export function requirementsDependencies(text: string): Requirement[] {
  return text
    .split('\n')
    .map((raw) => raw.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('-'))
    .flatMap((line) => parseRequirement(line) ?? []);
}

/** What the tower package and its extras install (facts: sdk.md section 1, tower 0.3.70). */
const TOWER_INSTALLS: Readonly<Record<string, readonly string[]>> = {
  '': ['attrs', 'httpx', 'pydantic', 'pydantic-core', 'python-dateutil'],
  ai: ['huggingface-hub', 'ollama'],
  iceberg: ['polars', 'pyarrow', 'pyiceberg', 'boto3'],
  dbt: ['dbt-core'],
};

/** The distributions the requirements name themselves. */
export function listedDistributions(requirements: Requirement[]): Set<string> {
  return new Set(requirements.map((r) => r.name));
}

/** The distributions the requirements install: those they name, plus what tower and its extras bring. */
export function installedDistributions(requirements: Requirement[]): Set<string> {
  const names = listedDistributions(requirements);
  for (const {name, extras} of requirements.filter((r) => r.name === 'tower')) {
    const chosen = extras.includes('all') ? Object.keys(TOWER_INSTALLS) : ['', ...extras];
    chosen.flatMap((extra) => TOWER_INSTALLS[extra] ?? []).forEach((dist) => names.add(dist));
    void name;
  }
  return names;
}

/** The variables Tower sets from a secret: its name, and for `dlt.` secrets also dlt's form (checks Q5). */
export function variablesOfSecret(name: string): string[] {
  return name.startsWith('dlt.') ? [name, name.slice(4).toUpperCase().replaceAll('.', '__')] : [name];
}

/** Environment variables that secrets created on a page (`tower secrets create --name=X`) provide. */
export function documentedSecrets(blocks: readonly CodeBlock[]): Set<string> {
  const names = new Set<string>();
  for (const block of blocks) {
    if (!SHELL_LANGS.has(block.lang)) continue;
    for (const {words} of shellCommands(block.code, block.lang)) {
      if (words[0] !== 'tower' || words[1] !== 'secrets' || words[2] !== 'create') continue;
      for (let i = 3; i < words.length; i++) {
        const word = words[i];
        let name: string | undefined;
        if (word.startsWith('--name=')) name = word.slice('--name='.length);
        else if (word === '--name' || word === '-n') name = words[i + 1];
        else if (/^-n./.test(word)) name = word.slice(2).replace(/^=/, '');
        if (name) variablesOfSecret(name).forEach((variable) => names.add(variable));
      }
    }
  }
  return names;
}

export interface AppCode {
  /** File the problems are reported in. */
  file: string;
  /** Added to a line of the code to give the line in `file` (0 for a file, the fence line for a block). */
  lineOffset: number;
  analysis: PythonAnalysis;
}

export interface AppUnderCheck {
  /** The app's name (for messages). */
  name: string;
  /** Where the Towerfile is, for problems about the Towerfile as a whole. */
  towerfile: {file: string; line: number};
  /** Parameter names declared in the Towerfile, with the line of each declaration. */
  parameters: Map<string, {file: string; line: number}>;
  code: AppCode[];
  /** Top-level module names the app brings itself (its own .py files and packages). */
  localModules: Set<string>;
  /** null when the app has no dependency file. */
  dependencies: Dependencies | null;
  /** Says that there is no dependency file, e.g. "it packages no pyproject.toml or requirements.txt". */
  noDependencies: string;
  /** Variables provided by secrets documented where the app is shown. */
  secrets: Set<string>;
  /** The pages whose `tower secrets create` commands count (for messages). */
  secretsDocumentedIn: string[];
}

export interface AppCheckOptions {
  /** Report declared parameters that no code reads. */
  requireDeclaredParametersRead?: boolean;
  /** Apps `tower.run_app` may start, with their declared parameters. Without it run_app is not checked. */
  knownApps?: Map<string, Set<string>>;
}

const quote = (name: string) => `"${name}"`;

const READ_CALL: Record<string, (name: string) => string> = {
  parameter: (name) => `tower.parameter("${name}")`,
  secret: (name) => `tower.secret("${name}")`,
  env: (name) => `the environment variable ${name}`,
};

/** Variables Tower itself gives a run (facts: cli.md 6.9, sdk.md 2 and 8, platform.md): never undeclared. */
export const TOWER_PROVIDED = /^(?:TOWER_URL|TOWER_JWT|TOWER_ENVIRONMENT|TOWER__\w+|PYICEBERG_CATALOG__\w+)$/;

export function checkApp(app: AppUnderCheck, stdlib: ReadonlySet<string>, options: AppCheckOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const pages = app.secretsDocumentedIn.length > 0 ? app.secretsDocumentedIn.join(' or ') : 'no page (no page shows the app)';
  const declared = [...app.parameters.keys()];
  const read = new Set<string>();

  for (const {file, lineOffset, analysis} of app.code) {
    const at = (line: number) => ({file, line: lineOffset + line});
    if (analysis.error) continue;

    const reported = new Set<string>();
    for (const {module, level, line} of analysis.imports) {
      if (level > 0 || module === '') continue;
      const top = module.split('.')[0];
      if (stdlib.has(top) || app.localModules.has(top) || reported.has(top)) continue;
      const candidates = distributionsFor(top);
      if (!app.dependencies) {
        reported.add(top);
        problems.push({
          ...at(line),
          message: `app ${app.name} imports ${top}, but ${app.noDependencies}: list ${candidates[0]} in a pyproject.toml or requirements.txt`,
        });
      } else if (!candidates.some((name) => app.dependencies!.names.has(name))) {
        reported.add(top);
        problems.push({
          ...at(line),
          message: `app ${app.name} imports ${top}, but ${app.dependencies.file} ${app.dependencies.verb ?? 'does not list'} ${candidates.join(' or ')}`,
        });
      }
    }

    for (const {kind, name, line} of analysis.reads) {
      if (name === null) {
        // Looping over os.environ is fine; a parameter or secret should be named where it is read.
        if (kind !== 'env') {
          problems.push({
            ...at(line),
            message: `app ${app.name} reads a ${kind} whose name is not a string literal, so it cannot be checked against the Towerfile`,
          });
        }
        continue;
      }
      read.add(name);
      const isParameter = app.parameters.has(name);
      const isSecret = app.secrets.has(name);
      if (kind === 'parameter' && !isParameter) {
        problems.push({
          ...at(line),
          message: `${READ_CALL.parameter(name)} reads a parameter that the Towerfile of ${app.name} does not declare${didYouMean(name, declared, quote)}`,
        });
      } else if (kind === 'secret' && !isSecret) {
        problems.push({
          ...at(line),
          message: `${READ_CALL.secret(name)} reads a secret, but ${pages} creates it: show \`tower secrets create --name=${name} ...\``,
        });
      } else if (kind === 'env' && !isParameter && !isSecret && !TOWER_PROVIDED.test(name)) {
        problems.push({
          ...at(line),
          message: `app ${app.name} reads ${READ_CALL.env(name)}, which is neither a parameter of its Towerfile nor a secret created on ${pages}`,
        });
      }
    }

    if (options.knownApps) {
      for (const {app: child, parameters, line} of analysis.runApps) {
        if (child === null) {
          problems.push({...at(line), message: `tower.run_app is called with an app name that is not a string literal, so the checker cannot find the app`});
          continue;
        }
        const childParameters = options.knownApps.get(child);
        if (!childParameters) {
          problems.push({
            ...at(line),
            message: `tower.run_app("${child}") starts an app that no example project defines${didYouMean(child, options.knownApps.keys(), quote)}`,
          });
          continue;
        }
        if (parameters === null) {
          problems.push({
            ...at(line),
            message: `tower.run_app("${child}") gets parameters that are not a dict literal with string keys, so they cannot be checked against ${child}'s Towerfile`,
          });
          continue;
        }
        for (const parameter of parameters.filter((p) => !childParameters.has(p))) {
          problems.push({
            ...at(line),
            message: `tower.run_app("${child}") passes ${parameter}, which the Towerfile of ${child} does not declare (Tower rejects the run)${didYouMean(parameter, childParameters, quote)}`,
          });
        }
      }
    }
  }

  if (options.requireDeclaredParametersRead && app.code.every((c) => !c.analysis.error)) {
    for (const [name, where] of app.parameters) {
      if (!read.has(name)) problems.push({...where, message: `${app.name} declares the parameter ${name}, but no code of the app reads it`});
    }
  }
  return problems;
}
