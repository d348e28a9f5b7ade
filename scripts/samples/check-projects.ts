/**
 * Example projects (examples/<slug>/) and the code fences that include files into pages.
 *
 * An example project is checked more deeply than a code block:
 * - it has a README.md and at least one app (a folder with a Towerfile);
 * - each Towerfile validates against data/towerfile.schema.json, and its script and dependency
 *   file are among the files its `source` globs package (Tower installs from the packaged
 *   pyproject.toml, else requirements.txt: facts checks Q4);
 * - every Python file compiles and every YAML file parses (dbt projects, CI workflows); the
 *   packaged Python files pass the app checks of check-apps.ts (imports
 *   installed, parameters declared and read, secrets documented on the page that shows the app,
 *   `tower.run_app` starting example apps with parameters they declare);
 * - every packaged module that needs only the standard library is imported by a test_*.py, and
 *   each folder with test_*.py files passes `python3 -S -m unittest` (-S: without site-packages,
 *   so a test that needs a third-party package fails here as it would on a clean machine);
 * - a docs page shows every deployed file of code or configuration (an include fence) and links the
 *   download.
 *
 * A page's include fences must name a file that exists, and be empty. An included file that is not
 * part of a project is checked like a code block of its language; one that is, only as part of its
 * project (so nothing is reported twice).
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import {parse, TomlError} from 'smol-toml';
import {parseAllDocuments} from 'yaml';
import {includedFile, IncludeError, resolveIncludedFile} from '../../plugins/include-file/expand';
import {downloadPath, listProjects, projectFiles, type ExampleProject} from '../../plugins/example-downloads/projects';
import {
  checkApp,
  documentedSecrets,
  listedDistributions,
  pyprojectDependencies,
  requirementsDependencies,
  type AppCode,
  type AppUnderCheck,
  type Dependencies,
} from './check-apps';
import {checkPythonDocuments} from './check-python';
import {checkTomlBlocks, formatTowerfileProblem, locateTomlPath, type TowerfileRules} from './check-towerfile';
import {checkTowerfile} from '../../src/towerfile/check';
import type {CodeBlock} from './extract-blocks';
import {analysePython} from './python-analysis';
import type {Problem} from './types';

export interface PageBlocks {
  /** Path relative to the repository root. */
  file: string;
  text: string;
  blocks: CodeBlock[];
}

export interface ExamplesStats {
  projects: number;
  apps: number;
  pythonFiles: number;
  yamlFiles: number;
  /** Folders whose test_*.py ran, and the tests they ran. */
  testFolders: number;
  tests: number;
  /** Include fences on the pages. */
  includes: number;
}

export interface ExamplesReport {
  problems: Problem[];
  stats: ExamplesStats;
}

export interface ExamplesOptions {
  root: string;
  pages: PageBlocks[];
  towerfileRules: TowerfileRules | null;
  python?: string;
  /** Run the projects' test_*.py (default true). */
  runTests?: boolean;
}

/** True for a fence that includes a file (its content comes from the file, not the page). */
export function isIncludeBlock(block: CodeBlock): boolean {
  return includedFile(block.meta) !== undefined;
}

const TEST_FILE = /(^|\/)test_[^/]*\.py$/;
/** Deployed files a page must show: code and configuration. Data files (CSV, JSON, ...) may stay in the download only. */
const SHOWN_FILE = /(?:\.(?:py|sh|sql|toml|ya?ml)|(?:^|\/)(?:Towerfile|requirements\.txt))$/;
const TEST_TIMEOUT_MS = 120_000;

interface AppFolder {
  project: string;
  /** Path of the app folder relative to the root. */
  dir: string;
  name: string;
  towerfile: string;
  /** The Towerfile's script, relative to the root. */
  script: string;
  /** False when `source` leaves the script out (already reported; the app's reads are then incomplete). */
  scriptPackaged: boolean;
  packaged: string[];
  parameters: Map<string, {file: string; line: number}>;
  dependencies: Dependencies | null;
  python: string[];
  localModules: Set<string>;
}

const posix = (p: string) => p.split(path.sep).join('/');

/** Files under `dir` (relative to `dir`) that a Towerfile's `source` globs package. */
export function packagedFiles(files: string[], source: string[]): string[] {
  const candidates = files.filter((file) => file !== 'Towerfile');
  if (source.length === 0) return candidates;
  const matchers = source.map((pattern) => picomatch(pattern.replace(/^(\.\/)+/, ''), {dot: true}));
  // A pattern that matches a folder packages everything under it.
  const matches = (file: string) => {
    const segments = file.split('/');
    return segments.some((_, n) => matchers.some((match) => match(segments.slice(0, n + 1).join('/'))));
  };
  return candidates.filter(matches);
}

/** Top-level module names a set of packaged files provides (module.py, package/...). */
function moduleNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (!file.endsWith('.py')) continue;
    const first = file.split('/')[0];
    names.add(first.endsWith('.py') ? first.slice(0, -3) : first);
  }
  return names;
}

export function checkExamples(options: ExamplesOptions): ExamplesReport {
  const {root, pages, towerfileRules} = options;
  const problems: Problem[] = [];
  const stats: ExamplesStats = {projects: 0, apps: 0, pythonFiles: 0, yamlFiles: 0, testFolders: 0, tests: 0, includes: 0};

  // 1. Include fences: which page shows which file.
  const shownOn = new Map<string, Set<string>>();
  const outsideProjects = new Map<string, CodeBlock>();
  const projectPrefix = 'examples/';
  for (const page of pages) {
    for (const block of page.blocks) {
      const file = includedFile(block.meta);
      if (file === undefined) continue;
      stats.includes++;
      const where = `${page.file}:${block.line}`;
      if (block.code.trim() !== '') {
        problems.push({file: page.file, line: block.line, message: `a fence with file="${file}" must be empty: the file is its content`});
      }
      try {
        resolveIncludedFile(root, file, where);
      } catch (err) {
        if (!(err instanceof IncludeError)) throw err;
        problems.push({file: page.file, line: block.line, message: err.message.slice(where.length + 2)});
        continue;
      }
      if (!shownOn.has(file)) shownOn.set(file, new Set());
      shownOn.get(file)!.add(page.file);
      if (!file.startsWith(projectPrefix) && !outsideProjects.has(file)) {
        // A Towerfile is validated as one whatever the fence's title says.
        const attributes = new Map(block.attributes);
        if (path.posix.basename(file) === 'Towerfile') attributes.set('towerfile', true);
        outsideProjects.set(file, {...block, attributes, line: 0, code: readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '')});
      }
    }
  }
  for (const [file, block] of outsideProjects) {
    problems.push(...checkTomlBlocks([block], towerfileRules).problems.map((p) => ({file, ...p})));
  }
  problems.push(
    ...checkPythonDocuments(
      [...outsideProjects].map(([file, block]) => ({file, blocks: [block]})),
      options.python,
    ).problems,
  );

  // 2. Projects and their apps.
  let projects: ExampleProject[];
  try {
    projects = listProjects(root);
  } catch (err) {
    problems.push({file: 'examples', line: 1, message: (err as Error).message});
    projects = [];
  }
  const apps: AppFolder[] = [];
  const otherPython: string[] = [];
  const testFolders = new Set<string>();
  const testFiles: string[] = [];
  for (const project of projects) {
    stats.projects++;
    const base = posix(path.relative(root, project.dir));
    const files = projectFiles(project.dir);
    if (!files.includes('README.md')) problems.push({file: base, line: 1, message: `example project ${base}/ has no README.md`});
    const appDirs = files.filter((f) => f === 'Towerfile' || f.endsWith('/Towerfile')).map((f) => path.posix.dirname(f));
    if (appDirs.length === 0) problems.push({file: base, line: 1, message: `example project ${base}/ has no app: no folder holds a Towerfile`});
    const inApp = new Set<string>();
    for (const appDir of appDirs) {
      const app = readApp(root, base, appDir, files, towerfileRules, problems);
      if (!app) continue;
      apps.push(app);
      app.python.forEach((file) => inApp.add(file));
    }
    for (const file of files) {
      const rel = `${base}/${file}`;
      if (TEST_FILE.test(file)) {
        testFiles.push(rel);
        testFolders.add(path.posix.dirname(rel));
      }
      if (file.endsWith('.py') && !inApp.has(rel)) otherPython.push(rel);
      if (/\.ya?ml$/.test(file)) {
        stats.yamlFiles++;
        problems.push(...yamlProblems(root, rel));
      }
    }
  }
  stats.apps = apps.length;

  // 3. One python3 for the syntax trees of every Python file of every project.
  const appPython = apps.flatMap((app) => app.python);
  const allPython = [...appPython, ...otherPython];
  stats.pythonFiles = allPython.length;
  const {analyses, stdlib} = analysePython(
    allPython.map((file) => readFileSync(path.join(root, file), 'utf8')),
    options.python,
  );
  const analysisOf = new Map(allPython.map((file, i) => [file, analyses[i]]));
  for (const [file, analysis] of analysisOf) {
    if (analysis.error) {
      const col = analysis.error.col ? `, column ${analysis.error.col}` : '';
      problems.push({file, line: analysis.error.line ?? 1, message: `python does not compile${col}: ${analysis.error.message}`});
    }
  }

  // 4. App checks, with the apps that tower.run_app may start.
  const knownApps = new Map<string, Set<string>>();
  for (const app of apps) {
    if (knownApps.has(app.name)) {
      problems.push({file: app.towerfile, line: 1, message: `the app name ${app.name} is used by two example apps`});
    }
    knownApps.set(app.name, new Set(app.parameters.keys()));
  }
  for (const app of apps) {
    const showing = new Set<string>();
    for (const file of [app.towerfile, ...app.packaged]) shownOn.get(file)?.forEach((page) => showing.add(page));
    const showingPages = pages.filter((page) => showing.has(page.file));
    const model: AppUnderCheck = {
      name: app.name,
      towerfile: {file: app.towerfile, line: 1},
      parameters: app.parameters,
      code: app.python.map((file): AppCode => ({file, lineOffset: 0, analysis: analysisOf.get(file)!})),
      localModules: app.localModules,
      dependencies: app.dependencies,
      noDependencies: 'it packages no pyproject.toml or requirements.txt',
      secrets: documentedSecrets(showingPages.flatMap((page) => page.blocks)),
      secretsDocumentedIn: showingPages.map((page) => page.file),
    };
    problems.push(...checkApp(model, stdlib, {requireDeclaredParametersRead: app.scriptPackaged, knownApps}));

    // Every deployed file a reader would read (code and configuration, not data) is shown on a page.
    for (const file of [app.towerfile, ...app.packaged].filter((f) => SHOWN_FILE.test(f))) {
      if (!shownOn.has(file)) {
        problems.push({
          file,
          line: 1,
          message: `${file} is part of app ${app.name}, but no docs page shows it: include it with a fence such as \`\`\`${fenceLanguage(file)} file="${file}"`,
        });
      }
    }

    // Logic that needs only the standard library is tested.
    const testImports = new Set(
      testFiles
        .filter((test) => test.startsWith(`${app.project}/`))
        .flatMap((test) => analysisOf.get(test)?.imports ?? [])
        .map((i) => i.module.split('.')[0]),
    );
    for (const file of stdlibOnlyModules(app, analysisOf, stdlib)) {
      const module = path.posix.basename(file, '.py');
      if (!testImports.has(module)) {
        problems.push({
          file,
          line: 1,
          message: `${module} needs only the standard library, but no test_*.py of ${app.project}/ imports it: test it with python3 on fixture data`,
        });
      }
    }
  }

  // 5. Each project is offered as a download on a page that shows it.
  for (const project of projects) {
    const base = posix(path.relative(root, project.dir));
    const link = downloadPath(project.slug);
    const showing = new Set([...shownOn].filter(([file]) => file.startsWith(`${base}/`)).flatMap(([, on]) => [...on]));
    const linked = pages.some((page) => showing.has(page.file) && page.text.includes(`](${link})`));
    if (!linked) {
      problems.push({file: `${base}/README.md`, line: 1, message: `no docs page that shows ${base}/ links its download: add a link to ${link}`});
    }
  }

  // 6. The fixture tests.
  if (options.runTests !== false) {
    for (const folder of [...testFolders].sort()) {
      const result = runTests(path.join(root, folder), options.python);
      stats.testFolders++;
      stats.tests += result.ran;
      if (!result.ok)
        problems.push({
          file: result.file ? `${folder}/${result.file}` : folder,
          line: result.line,
          message: `python3 -m unittest fails in ${folder}: ${result.message}`,
        });
    }
  }

  return {problems, stats};
}

/** The first syntax error of a YAML file, at its line (no rendering: dbt's Jinja sits in quoted strings). */
function yamlProblems(root: string, file: string): Problem[] {
  for (const document of parseAllDocuments(readFileSync(path.join(root, file), 'utf8'))) {
    const [error] = document.errors;
    if (error) return [{file, line: error.linePos?.[0].line ?? 1, message: `YAML does not parse: ${error.message.split('\n')[0]}`}];
  }
  return [];
}

function fenceLanguage(file: string): string {
  if (file.endsWith('.py')) return 'python';
  if (file.endsWith('.toml') || file.endsWith('/Towerfile')) return 'toml';
  return 'text';
}

/** Reads one app folder: Towerfile, packaged files, dependency file. Problems go to `problems`. */
function readApp(
  root: string,
  project: string,
  appDir: string,
  projectFileList: string[],
  towerfileRules: TowerfileRules | null,
  problems: Problem[],
): AppFolder | null {
  const dir = appDir === '.' ? project : `${project}/${appDir}`;
  const towerfile = `${dir}/Towerfile`;
  const text = readFileSync(path.join(root, towerfile), 'utf8');
  let data: {app?: {name?: unknown; script?: unknown; source?: unknown; import_paths?: unknown}; parameters?: {name?: unknown}[]};
  try {
    data = parse(text) as typeof data;
  } catch (err) {
    const line = err instanceof TomlError ? err.line : 1;
    problems.push({file: towerfile, line, message: `TOML does not parse: ${(err as Error).message.split('\n')[0]}`});
    return null;
  }
  const lineOf = (...keys: string[]) => locateTomlPath(text, keys) + 1 || 1;
  // The same rules as Towerfiles on the pages and the Towerfile checker page (src/towerfile/check.ts),
  // except the guess whether `source` packages the script: this folder's files are known, so the
  // check below is exact.
  for (const problem of towerfileRules ? checkTowerfile(text, towerfileRules).problems : []) {
    if (problem.rule === 'script-not-packaged') continue;
    problems.push({file: towerfile, line: problem.line ?? 1, message: formatTowerfileProblem(problem)});
  }
  // Schema problems are reported above; the app is still checked as far as its name and script allow.
  if (typeof data.app?.name !== 'string' || typeof data.app.script !== 'string') return null;

  const prefix = appDir === '.' ? '' : `${appDir}/`;
  const inDir = projectFileList.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  const source = Array.isArray(data.app.source) ? (data.app.source as string[]) : [];
  const packagedHere = packagedFiles(inDir, source);
  const packaged = packagedHere.map((f) => `${dir}/${f}`);
  const modules = moduleNames(packagedHere);

  for (const importPath of Array.isArray(data.app.import_paths) ? (data.app.import_paths as string[]) : []) {
    const absolute = path.resolve(root, dir, importPath);
    if (!existsSync(absolute)) {
      problems.push({file: towerfile, line: lineOf('app', 'import_paths'), message: `import_paths names ${importPath}, which does not exist`});
      continue;
    }
    const files = projectFiles(absolute);
    moduleNames(files).forEach((name) => modules.add(name));
    packaged.push(...files.map((f) => posix(path.relative(root, path.join(absolute, f)))));
  }

  const script = data.app.script.replace(/^(\.\/)+/, '');
  const scriptPackaged = packagedHere.includes(script);
  if (!scriptPackaged) {
    problems.push({
      file: towerfile,
      line: lineOf('app', 'script'),
      message: `the script ${data.app.script} is not among the files that source packages (or does not exist)`,
    });
  }

  let dependencies: Dependencies | null = null;
  const dependencyFile = ['pyproject.toml', 'requirements.txt'].find((name) => packagedHere.includes(name));
  for (const name of ['pyproject.toml', 'requirements.txt']) {
    if (inDir.includes(name) && !packagedHere.includes(name)) {
      problems.push({
        file: `${dir}/${name}`,
        line: 1,
        message: `${dir}/${name} is not packaged (add it to source in ${towerfile}), so Tower does not install from it`,
      });
    }
  }
  if (dependencyFile === 'pyproject.toml' && packagedHere.includes('requirements.txt')) {
    problems.push({
      file: `${dir}/requirements.txt`,
      line: 1,
      message: `Tower installs from pyproject.toml when both are packaged; ${dir}/requirements.txt is ignored`,
    });
  }
  if (dependencyFile) {
    const file = `${dir}/${dependencyFile}`;
    const content = readFileSync(path.join(root, file), 'utf8');
    try {
      dependencies = {
        file,
        // An example project lists every distribution it imports itself, even one an extra of tower brings.
        names: listedDistributions(dependencyFile === 'pyproject.toml' ? pyprojectDependencies(content) : requirementsDependencies(content)),
      };
    } catch (err) {
      problems.push({file, line: 1, message: `${file} ${(err as Error).message}`});
    }
  }

  const parameters = new Map<string, {file: string; line: number}>();
  (data.parameters ?? []).forEach((parameter, index) => {
    if (typeof parameter.name === 'string') parameters.set(parameter.name, {file: towerfile, line: lineOf('parameters', String(index), 'name')});
  });

  return {
    project,
    dir,
    name: data.app.name,
    towerfile,
    script: `${dir}/${script}`,
    scriptPackaged,
    packaged,
    parameters,
    dependencies,
    python: packaged.filter((f) => f.endsWith('.py')),
    localModules: modules,
  };
}

/** The app's packaged modules, other than its script, whose imports are all standard library or such modules. */
function stdlibOnlyModules(
  app: AppFolder,
  analysisOf: Map<string, {imports: {module: string; level: number}[]; error?: unknown}>,
  stdlib: ReadonlySet<string>,
): string[] {
  const candidates = app.python.filter((file) => file !== app.script && !TEST_FILE.test(file) && path.posix.dirname(file) === app.dir);
  const byModule = new Map(candidates.map((file) => [path.posix.basename(file, '.py'), file]));
  const pure = new Set(byModule.keys());
  let changed = true;
  while (changed) {
    changed = false;
    for (const module of [...pure]) {
      const analysis = analysisOf.get(byModule.get(module)!)!;
      const ok =
        !analysis.error &&
        analysis.imports.every((i) => {
          const top = i.module.split('.')[0];
          return i.level === 0 && (stdlib.has(top) || pure.has(top));
        });
      if (!ok) {
        pure.delete(module);
        changed = true;
      }
    }
  }
  return [...pure].map((module) => byModule.get(module)!);
}

interface TestRun {
  ok: boolean;
  ran: number;
  file?: string;
  line: number;
  message: string;
}

/** Runs `python3 -S -B -m unittest discover -p "test_*.py"` in a folder. */
export function runTests(folder: string, python = 'python3'): TestRun {
  const env: NodeJS.ProcessEnv = {...process.env, PYTHONDONTWRITEBYTECODE: '1'};
  delete env.PYTHONPATH;
  delete env.PYTHONHOME;
  const run = spawnSync(python, ['-S', '-B', '-m', 'unittest', 'discover', '-p', 'test_*.py'], {
    cwd: folder,
    env,
    encoding: 'utf8',
    timeout: TEST_TIMEOUT_MS,
  });
  if (run.error) return {ok: false, ran: 0, line: 1, message: `cannot run ${python}: ${run.error.message}`};
  const output = `${run.stdout}\n${run.stderr}`;
  const ran = Number(/^Ran (\d+) tests?/m.exec(output)?.[1] ?? 0);
  if (run.status === 0 && ran > 0) return {ok: true, ran, line: 1, message: ''};
  if (run.status === 0) return {ok: false, ran, line: 1, message: 'no tests ran'};
  const failures = [...output.matchAll(/^(?:FAIL|ERROR): (.+)$/gm)].map((m) => m[1]);
  const frames = [...output.matchAll(/File "([^"]+)", line (\d+)/g)].filter((m) => path.resolve(folder, m[1]).startsWith(path.resolve(folder) + path.sep));
  const last = frames.at(-1);
  const reason = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[\w.]*(Error|Exception)\b/.test(l))
    .at(-1);
  return {
    ok: false,
    ran,
    file: last ? posix(path.relative(folder, path.resolve(folder, last[1]))) : undefined,
    line: last ? Number(last[2]) : 1,
    message: [failures.length > 0 ? failures.join('; ') : `exit code ${run.status}`, reason].filter(Boolean).join(': '),
  };
}
