/**
 * Apps shown on a page, as the page declares them. A fence joins an app with the attribute
 * `app="<name>"`:
 *
 *     ```toml title="Towerfile" app="prices"             the app's Towerfile (its [app] name is <name>)
 *     ```python title="task.py" app="prices"             code of the app (titled `x.py`: the app's module x)
 *     ```text title="requirements.txt" app="prices"      its dependency file (or title="pyproject.toml")
 *
 * A page that does not show the dependency file gives the requirements on the Towerfile's fence
 * instead, `requirements="tower polars"`; a page that gives neither uses the dependency file shown for
 * the same app elsewhere on the page or on another page (a guide that builds on another). A page may
 * show two versions of one app: each Towerfile takes the app's fences that follow it.
 *
 * Each app then gets the checks of check-apps.ts, as an example project does: every import is
 * installed by the dependency file, and every parameter its code reads is declared in the Towerfile
 * or created as a secret on the page (`tower secrets create`). The app's own modules are its Python
 * fences titled `x.py`, the .py files its Towerfile's `source` lists, and the modules its Towerfile's
 * fence names in `modules="billing_common"` (packaged from `import_paths`, not shown). Fences that include a file
 * (file="...") are not given here: they are checked with their example project (check-projects.ts).
 * Blocks that do not parse are left to the other checks.
 */
import {parse} from 'smol-toml';
import {
  checkApp,
  documentedSecrets,
  installedDistributions,
  pyprojectDependencies,
  requirementsDependencies,
  type AppUnderCheck,
  type Dependencies,
} from './check-apps';
import {PYTHON_LANGS} from './check-python';
import {isTowerfileBlock, locateTomlPath} from './check-towerfile';
import type {CodeBlock} from './extract-blocks';
import {analysePython} from './python-analysis';
import type {Problem} from './types';

/** The attribute that joins a fence to an app; on the Towerfile's fence, its requirements and the modules the page does not show. */
export const APP_ATTRIBUTE = 'app';
export const REQUIREMENTS_ATTRIBUTE = 'requirements';
export const MODULES_ATTRIBUTE = 'modules';

const DEPENDENCY_FILES = ['requirements.txt', 'pyproject.toml'] as const;
type DependencyFile = (typeof DEPENDENCY_FILES)[number];

export interface PageForApps {
  file: string;
  /** The page's code blocks, without the ones that include a file. */
  blocks: CodeBlock[];
}

export interface PageAppsReport {
  problems: Problem[];
  /** Apps checked. */
  apps: number;
}

type TowerfileData = {app?: {name?: unknown; source?: unknown}; parameters?: {name?: unknown}[]};

interface PageApp {
  name: string;
  page: string;
  towerfile: CodeBlock;
  data: TowerfileData;
  code: CodeBlock[];
  /** null until found: shown on the page, given on the Towerfile's fence, or shown on another page. */
  dependencies: Dependencies | null;
}

/** The fences of one app on one page, as declared: one Towerfile and the fences that go with it. */
interface Declared {
  towerfile?: CodeBlock;
  code: CodeBlock[];
  dependencyFiles: {block: CodeBlock; name: DependencyFile}[];
}

const titleOf = (block: CodeBlock): string => {
  const title = block.attributes.get('title');
  return typeof title === 'string' ? title.trim() : '';
};

const basename = (file: string) => file.split('/').pop() ?? '';

function dependencyFileOf(block: CodeBlock): DependencyFile | undefined {
  const name = basename(titleOf(block));
  return DEPENDENCY_FILES.find((file) => file === name);
}

/**
 * The fences of a page grouped by the app they declare, with the problems of the declarations
 * themselves. A page may show two versions of one app (a reference page comparing layouts): each
 * Towerfile takes the fences of its app that follow it, up to the app's next Towerfile; fences before
 * the app's first Towerfile go with that one.
 */
function declarations(page: PageForApps, problems: Problem[]): [string, Declared][] {
  const versions = new Map<string, Declared[]>();
  const report = (block: CodeBlock, message: string) => problems.push({file: page.file, line: block.line, message});
  for (const block of page.blocks) {
    const name = block.attributes.get(APP_ATTRIBUTE);
    if (name === undefined) continue;
    if (name === true || name.trim() === '') {
      report(block, `${APP_ATTRIBUTE}= needs the app's name, as in its Towerfile: ${APP_ATTRIBUTE}="my-app"`);
      continue;
    }
    if (!versions.has(name)) versions.set(name, [{code: [], dependencyFiles: []}]);
    const ofApp = versions.get(name)!;
    let current = ofApp[ofApp.length - 1];
    const dependencyFile = dependencyFileOf(block);
    if (isTowerfileBlock(block)) {
      if (current.towerfile) ofApp.push((current = {code: [], dependencyFiles: []}));
      current.towerfile = block;
    } else if (PYTHON_LANGS.has(block.lang)) {
      if (block.attributes.has('fragment')) report(block, `a fragment cannot be code of app ${name}: remove fragment= or ${APP_ATTRIBUTE}=`);
      else current.code.push(block);
    } else if (dependencyFile) {
      current.dependencyFiles.push({block, name: dependencyFile});
    } else {
      report(
        block,
        `${APP_ATTRIBUTE}="${name}" marks an app's Towerfile, its Python code or its dependency file (titled requirements.txt or pyproject.toml), ` +
          `and this ${block.lang || 'untitled'} block is none of them`,
      );
    }
  }
  return [...versions].flatMap(([name, ofApp]) => ofApp.map((declared): [string, Declared] => [name, declared]));
}

/**
 * The distributions a dependency block installs; undefined when it cannot be read (a pyproject.toml
 * that is not TOML is left to the TOML check; one without a dependency list is reported here).
 */
function readDependencyFile(file: string, block: CodeBlock, name: DependencyFile, problems: Problem[]): Dependencies | undefined {
  if (name === 'pyproject.toml' && !parsesAsToml(block.code)) return undefined;
  try {
    const requirements = name === 'pyproject.toml' ? pyprojectDependencies(block.code) : requirementsDependencies(block.code);
    return {file: `the ${name} shown at line ${block.line}`, names: installedDistributions(requirements), verb: 'does not install'};
  } catch (err) {
    problems.push({file, line: block.line, message: `the pyproject.toml ${(err as Error).message}`});
    return undefined;
  }
}

function parsesAsToml(code: string): boolean {
  try {
    parse(code);
    return true;
  } catch {
    return false;
  }
}

/** The apps a page declares, each with its Towerfile read; dependencies shown on the page are read too. */
function pageApps(page: PageForApps, problems: Problem[]): PageApp[] {
  const apps: PageApp[] = [];
  const report = (block: CodeBlock, message: string) => problems.push({file: page.file, line: block.line, message});
  for (const [name, declared] of declarations(page, problems)) {
    const {towerfile} = declared;
    if (!towerfile) {
      // A dependency file may serve an app of another page; code is checked with its Towerfile.
      for (const block of declared.code) report(block, `no Towerfile on this page has ${APP_ATTRIBUTE}="${name}": mark the app's Towerfile fence with it`);
      continue;
    }
    let data: TowerfileData;
    try {
      data = parse(towerfile.code) as TowerfileData;
    } catch {
      continue; // reported by the TOML check
    }
    if (data.app?.name !== name) {
      report(towerfile, `the fence says ${APP_ATTRIBUTE}="${name}", but the Towerfile's [app] name is ${JSON.stringify(data.app?.name ?? null)}`);
      continue;
    }
    if (declared.code.length === 0) {
      report(
        towerfile,
        `app ${name} has no Python code on this page: mark its code fences with ${APP_ATTRIBUTE}="${name}", or remove ${APP_ATTRIBUTE}= from the Towerfile`,
      );
      continue;
    }
    const app: PageApp = {name, page: page.file, towerfile, data, code: declared.code, dependencies: null};
    const requirements = towerfile.attributes.get(REQUIREMENTS_ATTRIBUTE);
    const [shown, ...moreShown] = declared.dependencyFiles;
    for (const more of moreShown) report(more.block, `a second dependency file of app ${name} on this page (the first is at line ${shown.block.line})`);
    if (shown && requirements !== undefined) {
      report(towerfile, `app ${name} shows its ${shown.name} at line ${shown.block.line}: remove ${REQUIREMENTS_ATTRIBUTE}= from its Towerfile fence`);
    }
    if (shown) {
      const dependencies = readDependencyFile(page.file, shown.block, shown.name, problems);
      if (!dependencies) continue;
      app.dependencies = dependencies;
    } else if (typeof requirements === 'string' && requirements.trim() !== '') {
      app.dependencies = {
        file: `the requirements on the Towerfile fence at line ${towerfile.line}`,
        names: installedDistributions(requirementsDependencies(requirements.trim().split(/\s+/).join('\n'))),
        verb: 'do not install',
      };
    } else if (requirements !== undefined) {
      report(towerfile, `${REQUIREMENTS_ATTRIBUTE}= needs the app's requirements, separated by spaces: ${REQUIREMENTS_ATTRIBUTE}="tower polars"`);
    }
    apps.push(app);
  }
  return apps;
}

type ShownDependencies = {page: string; line: number; dependencies: Dependencies};

/** Dependency files the pages show, by app name (a guide may show the file of an app whose code is on another page). */
function dependencyFilesByApp(pages: PageForApps[]): Map<string, ShownDependencies[]> {
  const found = new Map<string, ShownDependencies[]>();
  for (const page of pages) {
    for (const block of page.blocks) {
      const name = block.attributes.get(APP_ATTRIBUTE);
      const file = dependencyFileOf(block);
      if (typeof name !== 'string' || !file) continue;
      const dependencies = readDependencyFile(page.file, block, file, []);
      if (!dependencies) continue;
      if (!found.has(name)) found.set(name, []);
      found.get(name)!.push({page: page.file, line: block.line, dependencies});
    }
  }
  return found;
}

export function checkPageApps(pages: PageForApps[], python = 'python3'): PageAppsReport {
  const problems: Problem[] = [];
  const apps = pages.flatMap((page) => pageApps(page, problems));

  const shownFiles = dependencyFilesByApp(pages);
  const towerfiles = new Set(pages.flatMap((page) => page.blocks.filter(isTowerfileBlock).map((block) => block.attributes.get(APP_ATTRIBUTE))));
  for (const [name, shown] of shownFiles) {
    if (towerfiles.has(name)) continue;
    for (const {page, line} of shown) problems.push({file: page, line, message: `no page has a Towerfile with ${APP_ATTRIBUTE}="${name}"`});
  }
  for (const app of apps.filter((a) => a.dependencies === null)) {
    const shown = shownFiles.get(app.name) ?? [];
    const found = shown.find((other) => other.page === app.page) ?? shown[0];
    if (found) app.dependencies = found.page === app.page ? found.dependencies : {...found.dependencies, file: `${found.dependencies.file} of ${found.page}`};
  }

  const blocks = apps.flatMap((app) => app.code);
  if (blocks.length === 0) return {problems, apps: apps.length};
  const {analyses, stdlib} = analysePython(
    blocks.map((b) => b.code),
    python,
  );
  const analysisOf = new Map(blocks.map((block, i) => [block, analyses[i]]));

  for (const app of apps) {
    const parameters = new Map<string, {file: string; line: number}>();
    (app.data.parameters ?? []).forEach((parameter, index) => {
      if (typeof parameter.name !== 'string') return;
      const offset = locateTomlPath(app.towerfile.code, ['parameters', String(index), 'name']);
      parameters.set(parameter.name, {file: app.page, line: app.towerfile.line + 1 + Math.max(offset, 0)});
    });
    const titledModules = app.code
      .map(titleOf)
      .filter((title) => title.endsWith('.py'))
      .map((title) => basename(title).slice(0, -3));
    const sourceModules = (Array.isArray(app.data.app?.source) ? app.data.app.source : [])
      .filter((s): s is string => typeof s === 'string' && /^[\w./-]+\.py$/.test(s))
      .map((s) => basename(s).slice(0, -3));
    const declaredModules = String(app.towerfile.attributes.get(MODULES_ATTRIBUTE) ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const page = pages.find((p) => p.file === app.page)!;
    const model: AppUnderCheck = {
      name: app.name,
      towerfile: {file: app.page, line: app.towerfile.line},
      parameters,
      code: app.code.map((block) => ({file: app.page, lineOffset: block.line, analysis: analysisOf.get(block)!})),
      localModules: new Set([...titledModules, ...sourceModules, ...declaredModules]),
      dependencies: app.dependencies,
      noDependencies: `no page shows its dependency file (a fence titled requirements.txt or pyproject.toml with ${APP_ATTRIBUTE}="${app.name}") and its Towerfile fence has no ${REQUIREMENTS_ATTRIBUTE}=`,
      secrets: documentedSecrets(page.blocks),
      secretsDocumentedIn: [app.page],
    };
    problems.push(...checkApp(model, stdlib));
  }
  return {problems, apps: apps.length};
}
