/**
 * An app shown on a page: a section (an H2 and everything under it) that shows a Towerfile and
 * Python code gets the app checks of check-apps.ts, as an example project does. Its imports must be
 * installed by the dependency file the section shows (a block titled pyproject.toml or
 * requirements.txt) or states (inline code in a paragraph that mentions requirements.txt,
 * pyproject.toml or dependencies, such as "its `requirements.txt` holds one line, `tower`"), and
 * the parameters its code reads must be declared in the Towerfile, or created as secrets on the page.
 *
 * When a section shows several Towerfiles, each Python block belongs to the closest Towerfile
 * before it (or the first one). The app's own modules are the Python blocks titled `name.py`, the
 * .py files its `source` lists and any `name.py` the section mentions (e.g. in a folder tree).
 * Blocks that do not parse are left to the other checkers.
 */
import { parse } from 'smol-toml';
import { checkApp, documentedSecrets, installedDistributions, pyprojectDependencies, requirementsDependencies, type AppUnderCheck, type Dependencies } from './check-apps';
import { PYTHON_LANGS } from './check-python';
import { isTowerfileBlock, locateTomlPath } from './check-towerfile';
import { parseMeta, type CodeBlock, type Heading } from './extract-blocks';
import { analysePython } from './python-analysis';
import type { Problem } from './types';

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
  data: { app?: { name?: unknown; source?: unknown }; parameters?: { name?: unknown }[] };
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

/** A paragraph that only names a dependency file, such as "`requirements.txt`:", labels the block after it. */
const FILE_LABEL = /^`(?:[\w.-]*\/)*(requirements\.txt|pyproject\.toml)`.*:\s*$/;
const FILE_NAME = /\.(?:txt|toml|py|cfg|lock|md|csv|json|ya?ml|sh)$/;

/** The dependency file a block shows: from its title, or from a label paragraph right before it. */
function dependencyFileOf(block: CodeBlock, prose: Paragraph[], blocks: CodeBlock[]): string | undefined {
  const title = basename(titleOf(block));
  if (title === 'pyproject.toml' || title === 'requirements.txt') return title;
  const before = prose.filter((p) => p.end < block.line).at(-1);
  if (!before || blocks.some((b) => b.line > before.end && b.line < block.line)) return undefined;
  return FILE_LABEL.exec(before.text.trim())?.[1];
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
    current = current ? { line: current.line, end: n, text: `${current.text} ${line}` } : { line: n, end: n, text: line };
  }
  if (current) result.push(current);
  return result;
}

/** Splits a page into H2 sections and finds the apps in them. */
function findApps(page: PageForApps, problems: Problem[]): SectionApp[] {
  const lines = page.text.split('\n');
  const starts = [1, ...page.headings.filter((h) => h.level <= 2).map((h) => h.line), lines.length + 1];
  const secrets = documentedSecrets(page.blocks);

  const apps: SectionApp[] = [];
  for (let k = 0; k + 1 < starts.length; k++) {
    const [from, to] = [starts[k], starts[k + 1]];
    const blocks = page.blocks.filter((b) => b.line >= from && b.line < to);
    const towerfiles = blocks.filter(isTowerfileBlock);
    const python = blocks.filter((b) => PYTHON_LANGS.has(b.lang) && !parseMeta(b.meta).attrs.has('fragment'));
    if (towerfiles.length === 0 || python.length === 0) continue;
    const prose = paragraphs(lines, from, to, blocks);

    const dependencyBlock = blocks.find((b) => dependencyFileOf(b, prose, blocks) !== undefined);
    let dependencies: Dependencies | null = null;
    if (dependencyBlock) {
      const name = dependencyFileOf(dependencyBlock, prose, blocks)!;
      // A pyproject.toml that is not valid TOML is reported by the TOML check.
      if (name === 'pyproject.toml' && !parsesAsToml(dependencyBlock.code)) continue;
      try {
        const requirements = name === 'pyproject.toml' ? pyprojectDependencies(dependencyBlock.code) : requirementsDependencies(dependencyBlock.code);
        dependencies = { file: `the ${name} shown at line ${dependencyBlock.line}`, names: installedDistributions(requirements), verb: 'does not install' };
      } catch (err) {
        problems.push({ file: page.file, line: dependencyBlock.line, message: `the pyproject.toml ${(err as Error).message}` });
        continue;
      }
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
    const ownModules = [...python.map(titleOf).filter((t) => t.endsWith('.py')).map((t) => basename(t).slice(0, -3)), ...mentioned];

    for (const towerfile of towerfiles) {
      let data: SectionApp['data'];
      try {
        data = parse(towerfile.code) as SectionApp['data'];
      } catch {
        continue;
      }
      const owned = python.filter((block) => {
        const before = towerfiles.filter((t) => t.line < block.line);
        return (before.at(-1) ?? towerfiles[0]) === towerfile;
      });
      if (owned.length === 0 || typeof data.app?.name !== 'string') continue;
      const sourceModules = (Array.isArray(data.app.source) ? data.app.source : [])
        .filter((s): s is string => typeof s === 'string' && /^[\w./-]+\.py$/.test(s))
        .map((s) => basename(s).slice(0, -3));
      apps.push({ page: page.file, towerfile, data, python: owned, dependencies, modules: new Set([...ownModules, ...sourceModules]), secrets });
    }
  }
  return apps;
}

export function checkPageApps(pages: PageForApps[], python = 'python3'): PageAppsReport {
  const problems: Problem[] = [];
  const apps = pages.flatMap((page) => {
    const found = findApps(page, problems);
    // A page may show one app over several sections: the dependency file shown for it anywhere counts.
    for (const app of found.filter((a) => a.dependencies === null)) {
      app.dependencies = found.find((other) => other.data.app?.name === app.data.app?.name && other.dependencies)?.dependencies ?? null;
    }
    return found;
  });
  const blocks = apps.flatMap((app) => app.python);
  if (blocks.length === 0) return settle(problems, pages, 0);
  const { analyses, stdlib } = analysePython(blocks.map((b) => b.code), python);
  const analysisOf = new Map(blocks.map((block, i) => [block, analyses[i]]));

  for (const app of apps) {
    const parameters = new Map<string, { file: string; line: number }>();
    (app.data.parameters ?? []).forEach((parameter, index) => {
      if (typeof parameter.name !== 'string') return;
      const offset = locateTomlPath(app.towerfile.code, ['parameters', String(index), 'name']);
      parameters.set(parameter.name, { file: app.page, line: app.towerfile.line + 1 + Math.max(offset, 0) });
    });
    const model: AppUnderCheck = {
      name: String(app.data.app!.name),
      towerfile: { file: app.page, line: app.towerfile.line },
      parameters,
      code: app.python.map((block) => ({ file: app.page, lineOffset: block.line, analysis: analysisOf.get(block)! })),
      localModules: app.modules,
      dependencies: app.dependencies,
      noDependencies: 'the page neither shows nor states its dependency file',
      secrets: app.secrets,
      secretsDocumentedIn: [app.page],
    };
    problems.push(...checkApp(model, stdlib));
  }
  return settle(problems, pages, apps.length);
}

/**
 * Problems this check found on pages owned by other changes when it arrived. They are shown as
 * known problems until the pages are fixed; an entry that no longer matches anything fails the
 * check, so the list can only shrink. Delete an entry together with the fix of its page.
 */
export const KNOWN_PAGE_APP_PROBLEMS: readonly { file: string; includes: string }[] = [
  // "See it for yourself" imports tower and installs nothing (issue 13, part 1).
  { file: 'docs/architecture/how-tower-works.md', includes: 'app where imports tower' },
  // `tower run --parameter REPORT_DATE=...` passes a parameter the Towerfile shown does not declare.
  { file: 'docs/concepts/apps.md', includes: 'reads the environment variable REPORT_DATE' },
];

function settle(found: Problem[], pages: PageForApps[], apps: number): PageAppsReport {
  const checked = new Set(pages.map((page) => page.file));
  const isKnown = (problem: Problem) => KNOWN_PAGE_APP_PROBLEMS.some((k) => k.file === problem.file && problem.message.includes(k.includes));
  const problems = found.filter((problem) => !isKnown(problem));
  for (const entry of KNOWN_PAGE_APP_PROBLEMS.filter((k) => checked.has(k.file))) {
    if (!found.some((problem) => problem.file === entry.file && problem.message.includes(entry.includes))) {
      problems.push({ file: entry.file, line: 1, message: `the known problem "${entry.includes}" no longer occurs: delete its entry in KNOWN_PAGE_APP_PROBLEMS (scripts/samples/check-page-apps.ts)` });
    }
  }
  return { problems, known: found.filter(isKnown), apps };
}
