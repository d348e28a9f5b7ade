/**
 * An app shown on a page: a section that shows a Towerfile and Python code gets the app checks of
 * check-apps.ts, as an example project does (the section is the deepest one around the Towerfile
 * that holds Python code, see findApps). Its imports must be
 * installed by the dependency file the section shows (a block titled pyproject.toml or
 * requirements.txt) or states (inline code in a paragraph that mentions requirements.txt,
 * pyproject.toml or dependencies, such as "its `requirements.txt` holds one line, `tower`"), and
 * the parameters its code reads must be declared in the Towerfile, or created as secrets on the page.
 *
 * When a section shows several Towerfiles, each Python block belongs to the closest Towerfile
 * before it (or the first one). An app shown without a dependency file uses the one shown for the
 * same app name elsewhere on the page, or on another page. The app's own modules are the Python blocks titled `name.py`, the
 * .py files its `source` lists and any `name.py` the section mentions (e.g. in a folder tree).
 * Blocks that do not parse are left to the other checkers.
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
import {parseMeta, type CodeBlock, type Heading} from './extract-blocks';
import {analysePython} from './python-analysis';
import type {Problem} from './types';

export interface PageForApps {
  file: string;
  text: string;
  /** The page's code blocks, without the ones that include a file. */
  blocks: CodeBlock[];
  headings: Heading[];
}

export interface PageAppsReport {
  problems: Problem[];
  /** Problems listed in KNOWN_PAGE_APP_PROBLEMS: reported, but they do not fail the check. */
  known: Problem[];
  /** Sections checked as apps. */
  apps: number;
}

function titleOf(block: CodeBlock): string {
  const title = parseMeta(block.meta).attrs.get('title');
  return typeof title === 'string' ? title.trim() : '';
}

const basename = (title: string) => title.split('/').pop() ?? '';

function parsesAsToml(code: string): boolean {
  try {
    parse(code);
    return true;
  } catch {
    return false;
  }
}

interface SectionApp {
  page: string;
  towerfile: CodeBlock;
  data: {app?: {name?: unknown; source?: unknown}; parameters?: {name?: unknown}[]};
  python: CodeBlock[];
  dependencies: Dependencies | null;
  modules: Set<string>;
  secrets: Set<string>;
}

/** A paragraph that talks about dependencies states them in its inline code. */
const DEPENDENCY_PROSE = /requirements\.txt|pyproject\.toml|dependenc/i;
const INLINE_CODE = /`([^`\n]+)`/g;
const REQUIREMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[\w,\s-]+\])?(?:\s*[<>=!~]=?\s*[\w.*]+)?$/;
const MODULE_FILE = /(?:^|[\s`/(])([A-Za-z_]\w*)\.py\b/g;

interface Paragraph {
  /** First and last line. */
  line: number;
  end: number;
  text: string;
}

/**
 * A paragraph that ends with a colon and names a dependency file, such as "`requirements.txt`:" or
 * "The flow imports the SDK, so its `requirements.txt` lists it:", labels the block after it.
 */
const FILE_LABEL = /`(?:[\w.-]*\/)*(requirements\.txt|pyproject\.toml)`[^`]*:\s*$|^`(?:[\w.-]*\/)*(requirements\.txt|pyproject\.toml)`.*:\s*$/;
const FILE_NAME = /\.(?:txt|toml|py|cfg|lock|md|csv|json|ya?ml|sh)$/;

/** The dependency file a block shows: from its title, or from a label paragraph right before it. */
function dependencyFileOf(block: CodeBlock, prose: Paragraph[], blocks: CodeBlock[]): string | undefined {
  const title = basename(titleOf(block));
  if (title === 'pyproject.toml' || title === 'requirements.txt') return title;
  const before = prose.filter((p) => p.end < block.line).at(-1);
  if (!before || blocks.some((b) => b.line > before.end && b.line < block.line)) return undefined;
  const label = FILE_LABEL.exec(before.text.trim());
  return label ? (label[1] ?? label[2]) : undefined;
}

/** The prose lines of a page section (code blocks removed), as paragraphs with their first line. */
function paragraphs(lines: string[], from: number, to: number, blocks: CodeBlock[]): Paragraph[] {
  const inCode = new Set<number>();
  for (const block of blocks) {
    const last = block.line + block.code.split('\n').length + 1;
    for (let n = block.line; n <= last; n++) inCode.add(n);
  }
  const result: Paragraph[] = [];
  let current: Paragraph | null = null;
  for (let n = from; n < to && n <= lines.length; n++) {
    const line = lines[n - 1];
    if (inCode.has(n) || line.trim() === '') {
      if (current) result.push(current);
      current = null;
      continue;
    }
    current = current ? {line: current.line, end: n, text: `${current.text} ${line}`} : {line: n, end: n, text: line};
  }
  if (current) result.push(current);
  return result;
}

/**
 * The distributions a dependency block installs; undefined when it cannot be read (a pyproject.toml
 * that is not TOML is left to the TOML check; one without a dependency list is reported here).
 */
function readDependencyBlock(file: string, block: CodeBlock, name: string, problems: Problem[]): Dependencies | undefined {
  if (name === 'pyproject.toml' && !parsesAsToml(block.code)) return undefined;
  try {
    const requirements = name === 'pyproject.toml' ? pyprojectDependencies(block.code) : requirementsDependencies(block.code);
    return {file: `the ${name} shown at line ${block.line}`, names: installedDistributions(requirements), verb: 'does not install'};
  } catch (err) {
    problems.push({file, line: block.line, message: `the pyproject.toml ${(err as Error).message}`});
    return undefined;
  }
}

/**
 * Dependency files a page shows for a named app, wherever they are: a pyproject.toml whose
 * [project] name is the app's, or a block after a paragraph such as "For `repo-stats`, create
 * `requirements.txt`:". Guides that build an app step by step show it in its own section.
 */
function dependencyFilesByApp(page: PageForApps): Map<string, Dependencies> {
  const lines = page.text.split('\n');
  const prose = paragraphs(lines, 1, lines.length + 1, page.blocks);
  const found = new Map<string, Dependencies>();
  for (const block of page.blocks) {
    const name = dependencyFileOf(block, prose, page.blocks);
    if (!name) continue;
    const dependencies = readDependencyBlock(page.file, block, name, []);
    if (!dependencies) continue;
    const label = prose.filter((p) => p.end < block.line).at(-1)?.text ?? '';
    const apps = [...label.matchAll(INLINE_CODE)].map((m) => m[1]);
    if (name === 'pyproject.toml') {
      const project = (parse(block.code) as {project?: {name?: unknown}}).project?.name;
      if (typeof project === 'string') apps.push(project);
    }
    for (const app of apps) if (!found.has(app)) found.set(app, dependencies);
  }
  return found;
}

interface Section {
  /** First line (the heading, or 1 for the page) and the line after the section. */
  from: number;
  to: number;
}

/** The sections (H2 and deeper) that contain `line`, deepest first; before the first H2, the page's opening. */
function enclosingSections(headings: Heading[], line: number, end: number): Section[] {
  const sections: Section[] = [];
  let deepest = 7;
  for (const heading of headings.filter((h) => h.level >= 2 && h.line < line).reverse()) {
    if (heading.level >= deepest) continue;
    deepest = heading.level;
    const next = headings.find((h) => h.line > heading.line && h.level <= heading.level);
    sections.push({from: heading.line, to: next ? next.line : end});
  }
  return sections.length > 0 ? sections : [{from: 1, to: headings.find((h) => h.level === 2)?.line ?? end}];
}

const isAppPython = (b: CodeBlock) => PYTHON_LANGS.has(b.lang) && !parseMeta(b.meta).attrs.has('fragment');

/**
 * Finds the apps a page shows. An app's section is the deepest section around its Towerfile that
 * also holds Python code: a reference entry (### `tower.parameter`) keeps its own example, while a
 * guide that shows the Towerfile and the code under two sibling H3s gets the H2 around both.
 */
function findApps(page: PageForApps, problems: Problem[]): SectionApp[] {
  const lines = page.text.split('\n');
  const end = lines.length + 1;
  const secrets = documentedSecrets(page.blocks);
  const inSection = (section: Section) => page.blocks.filter((b) => b.line >= section.from && b.line < section.to);

  const chosen = page.blocks.filter(isTowerfileBlock).flatMap((towerfile) => {
    const section = enclosingSections(page.headings, towerfile.line, end).find((candidate) => inSection(candidate).some(isAppPython));
    return section ? [{towerfile, section}] : [];
  });

  const apps: SectionApp[] = [];
  for (const {towerfile, section} of chosen) {
    const blocks = inSection(section);
    const prose = paragraphs(lines, section.from, section.to, blocks);
    const rivals = chosen.filter((c) => c.section.from === section.from && c.section.to === section.to).map((c) => c.towerfile);
    const python = blocks.filter(isAppPython).filter((block) => (rivals.filter((t) => t.line < block.line).at(-1) ?? rivals[0]) === towerfile);
    if (python.length === 0) continue;

    let data: SectionApp['data'];
    try {
      data = parse(towerfile.code) as SectionApp['data'];
    } catch {
      continue;
    }
    if (typeof data.app?.name !== 'string') continue;

    const dependencyBlock = blocks.find((b) => dependencyFileOf(b, prose, blocks) !== undefined);
    let dependencies: Dependencies | null = null;
    if (dependencyBlock) {
      const shown = readDependencyBlock(page.file, dependencyBlock, dependencyFileOf(dependencyBlock, prose, blocks)!, problems);
      if (shown === undefined) continue;
      dependencies = shown;
    } else {
      const stated = prose.filter((p) => DEPENDENCY_PROSE.test(p.text));
      const names = stated.flatMap((p) =>
        [...p.text.matchAll(INLINE_CODE)].map((m) => m[1].trim()).filter((code) => REQUIREMENT.test(code) && !FILE_NAME.test(code)),
      );
      if (names.length > 0) {
        dependencies = {
          file: `the dependencies stated at line ${stated[0].line}`,
          names: installedDistributions(requirementsDependencies(names.join('\n'))),
          verb: 'do not install',
        };
      }
    }

    const mentioned = [
      ...prose.flatMap((p) => [...p.text.matchAll(MODULE_FILE)].map((m) => m[1])),
      ...blocks.filter((b) => !PYTHON_LANGS.has(b.lang)).flatMap((b) => [...b.code.matchAll(MODULE_FILE)].map((m) => m[1])),
    ];
    const titled = python
      .map(titleOf)
      .filter((t) => t.endsWith('.py'))
      .map((t) => basename(t).slice(0, -3));
    const sourceModules = (Array.isArray(data.app.source) ? data.app.source : [])
      .filter((s): s is string => typeof s === 'string' && /^[\w./-]+\.py$/.test(s))
      .map((s) => basename(s).slice(0, -3));
    apps.push({page: page.file, towerfile, data, python, dependencies, modules: new Set([...titled, ...mentioned, ...sourceModules]), secrets});
  }
  return apps;
}

export function checkPageApps(
  pages: PageForApps[],
  python = 'python3',
  knownProblems: readonly KnownPageAppProblem[] = KNOWN_PAGE_APP_PROBLEMS,
): PageAppsReport {
  const problems: Problem[] = [];
  const apps = pages.flatMap((page) => findApps(page, problems));
  // One app may be shown in several sections or on several pages (a guide that builds on another):
  // a dependency file shown for the same app on the same page counts first, then one on any page.
  const named = pages.map((page) => ({page: page.file, files: dependencyFilesByApp(page)}));
  for (const app of apps.filter((a) => a.dependencies === null)) {
    const name = String(app.data.app?.name);
    const candidates = [
      ...apps.filter((other) => other.data.app?.name === name && other.dependencies).map((other) => ({page: other.page, dependencies: other.dependencies!})),
      ...named.filter((n) => n.files.has(name)).map((n) => ({page: n.page, dependencies: n.files.get(name)!})),
    ];
    const shown = candidates.find((c) => c.page === app.page) ?? candidates[0];
    if (shown)
      app.dependencies = {...shown.dependencies, file: shown.page === app.page ? shown.dependencies.file : `${shown.dependencies.file} of ${shown.page}`};
  }
  const blocks = apps.flatMap((app) => app.python);
  if (blocks.length === 0) return settle(problems, pages, 0, knownProblems);
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
    const model: AppUnderCheck = {
      name: String(app.data.app!.name),
      towerfile: {file: app.page, line: app.towerfile.line},
      parameters,
      code: app.python.map((block) => ({file: app.page, lineOffset: block.line, analysis: analysisOf.get(block)!})),
      localModules: app.modules,
      dependencies: app.dependencies,
      noDependencies: 'the page neither shows nor states its dependency file',
      secrets: app.secrets,
      secretsDocumentedIn: [app.page],
    };
    problems.push(...checkApp(model, stdlib));
  }
  return settle(problems, pages, apps.length, knownProblems);
}

/**
 * Problems this check found on pages owned by other changes when it arrived. They are shown as
 * known problems until the pages are fixed; an entry that no longer matches anything fails the
 * check, so the list can only shrink. Delete an entry together with the fix of its page.
 */
export interface KnownPageAppProblem {
  file: string;
  includes: string;
}

export const KNOWN_PAGE_APP_PROBLEMS: readonly KnownPageAppProblem[] = [];

function settle(found: Problem[], pages: PageForApps[], apps: number, knownProblems: readonly KnownPageAppProblem[]): PageAppsReport {
  const checked = new Set(pages.map((page) => page.file));
  const isKnown = (problem: Problem) => knownProblems.some((k) => k.file === problem.file && problem.message.includes(k.includes));
  const problems = found.filter((problem) => !isKnown(problem));
  for (const entry of knownProblems.filter((k) => checked.has(k.file))) {
    if (!found.some((problem) => problem.file === entry.file && problem.message.includes(entry.includes))) {
      problems.push({
        file: entry.file,
        line: 1,
        message: `the known problem "${entry.includes}" no longer occurs: delete its entry in KNOWN_PAGE_APP_PROBLEMS (scripts/samples/check-page-apps.ts)`,
      });
    }
  }
  return {problems, known: found.filter(isKnown), apps};
}
