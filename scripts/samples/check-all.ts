/**
 * Runs every sample check over the docs of a repository checkout and collects the problems.
 * Used by scripts/check-samples.ts; importable for tests.
 */
import {existsSync, readFileSync} from 'node:fs';
import {listFiles} from '../../lib/files';
import path from 'node:path';
import {fenceProblems, scanMarkdown, type CodeBlock, type ScannedMarkdown} from './extract-blocks';
import {MarkdownError} from '../../lib/markdown';
import {checkPythonDocuments, type PythonDocument} from './check-python';
import {checkTomlBlocks} from './check-towerfile';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import type {TowerfileRules} from '../../src/towerfile/check';
import {CliIndex, type CliManifest} from '../../lib/tower-cli';
import {checkShellBlocks} from './check-cli';
import {checkDiagramBlocks} from './check-diagrams';
import {
  checkCliReference,
  checkSdkReference,
  checkTowerfileReference,
  CLI_REFERENCE,
  SDK_REFERENCE,
  TOWERFILE_REFERENCE,
  type ReferenceFiles,
  type SdkManifest,
} from './check-references';
import {checkExamples, isIncludeBlock, type PageBlocks} from './check-projects';
import {checkPageApps, type PageForApps} from './check-page-apps';
import {resolvePython} from './python-analysis';
import {compareProblems, type Problem} from './types';
import {API_REFERENCE} from '../../src/constants';
import {renderApiPages} from '../../plugins/api-reference/generate';
import {loadApiModel} from '../../plugins/api-reference/model';

export interface CheckOptions {
  /** Repository root (the folder with docs/ and data/). */
  root: string;
  /**
   * Only check the code blocks of these files (paths relative to `root` or absolute). Reference
   * agreement is then checked only for reference pages among them. Default: every .md/.mdx file
   * under docs/ except docs/reference/api/, and all three reference pages.
   */
  files?: string[];
  /** Python interpreter used for python blocks. Default: python3. */
  python?: string;
  /**
   * Pages that exist only in memory, checked like a page's code blocks (fences, tower commands,
   * python) but not as apps: the API operation pages, which the build generates from the spec.
   */
  generated?: {file: string; text: string}[];
}

export interface CheckStats {
  files: number;
  pythonParsed: number;
  pythonFragments: number;
  toml: number;
  towerfiles: number;
  towerCommands: number;
  referencePages: number;
  /** Diagram fences rendered (only by checkSamplesWithDiagrams). */
  diagrams: number;
  /** Sections of pages checked as apps (Towerfile and Python code together). */
  pageApps: number;
  /** Example projects under examples/ (checked when no file list is given). */
  projects: number;
  projectApps: number;
  projectPythonFiles: number;
  projectYamlFiles: number;
  fixtureTests: number;
  includes: number;
}

export interface CheckReport {
  problems: Problem[];
  stats: CheckStats;
}

const DOCS_DIR = 'docs';
const EXCLUDED_PREFIX = `docs/${API_REFERENCE.docDir}/`;

/** Every .md/.mdx file under docs/ except the generated API reference, as sorted posix paths. */
export function listDocFiles(root: string): string[] {
  const docs = path.join(root, DOCS_DIR);
  if (!existsSync(docs)) return [];
  return listFiles(docs, (relative) => /\.mdx?$/.test(relative))
    .map((file) => `${DOCS_DIR}/${path.relative(docs, file).split(path.sep).join('/')}`)
    .filter((file) => !file.startsWith(EXCLUDED_PREFIX));
}

/** The flag of a fence that shows a command's output (```text output), not code to run. */
export const OUTPUT_FLAG = 'output';

/**
 * Whether a fence is a sample the checks run on. Not a fence that includes a file (it shows that
 * file, checked with its example project in check-projects.ts), nor the output of a command.
 */
function isSample(block: CodeBlock): boolean {
  return !isIncludeBlock(block) && !block.attributes.has(OUTPUT_FLAG);
}

function toRelative(root: string, file: string): string {
  const abs = path.resolve(root, file);
  return path.relative(root, abs).split(path.sep).join('/');
}

export function checkSamples(options: CheckOptions): CheckReport {
  const {root} = options;
  const problems: Problem[] = [];
  const stats: CheckStats = {
    files: 0,
    pythonParsed: 0,
    pythonFragments: 0,
    toml: 0,
    towerfiles: 0,
    towerCommands: 0,
    referencePages: 0,
    diagrams: 0,
    pageApps: 0,
    projects: 0,
    projectApps: 0,
    projectPythonFiles: 0,
    projectYamlFiles: 0,
    fixtureTests: 0,
    includes: 0,
  };

  const loadJson = <T>(rel: string, neededFor: string, valid: (v: unknown) => boolean): T | null => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) {
      problems.push({file: rel, line: 1, message: `file does not exist (needed for ${neededFor})`});
      return null;
    }
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(abs, 'utf8'));
    } catch (err) {
      problems.push({file: rel, line: 1, message: `not valid JSON: ${(err as Error).message}`});
      return null;
    }
    if (!valid(value)) {
      problems.push({file: rel, line: 1, message: `unexpected format (needed for ${neededFor})`});
      return null;
    }
    return value as T;
  };

  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  const cliManifest = loadJson<CliManifest>(
    CLI_REFERENCE.source,
    `shell code blocks and ${CLI_REFERENCE.page}`,
    (v) => isObject(v) && Array.isArray(v.commands) && Array.isArray(v.globalFlags),
  );
  const sdkManifest = loadJson<SdkManifest>(SDK_REFERENCE.source, SDK_REFERENCE.page, (v) => isObject(v) && Array.isArray(v.entries));
  const schema = loadJson<object>(TOWERFILE_REFERENCE.source, `Towerfile code blocks and ${TOWERFILE_REFERENCE.page}`, isObject);

  let towerfileRules: TowerfileRules | null = null;
  if (schema) {
    try {
      towerfileRules = createTowerfileRules(schema);
    } catch (err) {
      problems.push({file: TOWERFILE_REFERENCE.source, line: 1, message: `schema does not compile: ${(err as Error).message}`});
    }
  }
  // One tower package ships the CLI and the SDK, and the reference pages say which version their
  // samples were checked against (plugins/checked-version): the two manifests must agree.
  if (cliManifest && sdkManifest && cliManifest.cliVersion !== sdkManifest.sdkVersion) {
    problems.push({
      file: SDK_REFERENCE.source,
      line: 1,
      message: `sdkVersion ${sdkManifest.sdkVersion} differs from cliVersion ${cliManifest.cliVersion} in ${CLI_REFERENCE.source} (the tower package ships both)`,
    });
  }
  const cliIndex = cliManifest ? new CliIndex(cliManifest) : null;

  const files = options.files ? options.files.map((f) => toRelative(root, f)) : listDocFiles(root);
  const interpreter = resolvePython(options.python);
  const pythonDocs: PythonDocument[] = [];
  const pages: (PageBlocks & PageForApps)[] = [];
  for (const file of files) {
    const abs = path.join(root, file);
    if (!existsSync(abs)) {
      problems.push({file, line: 1, message: 'file does not exist'});
      continue;
    }
    stats.files++;
    const text = readFileSync(abs, 'utf8');
    let scanned: ScannedMarkdown;
    try {
      scanned = scanMarkdown(text, file);
    } catch (err) {
      if (!(err instanceof MarkdownError)) throw err;
      problems.push({file, line: err.line ?? 1, message: err.reason});
      continue;
    }
    problems.push(...fenceProblems(scanned).map((p) => ({file, ...p})));
    const blocks = scanned.blocks.filter(isSample);
    pages.push({file, text, blocks: scanned.blocks});
    const toml = checkTomlBlocks(blocks, towerfileRules);
    stats.toml += toml.toml;
    stats.towerfiles += toml.towerfiles;
    problems.push(...toml.problems.map((p) => ({file, ...p})));
    if (cliIndex) {
      const shell = checkShellBlocks(blocks, cliIndex);
      stats.towerCommands += shell.commands;
      problems.push(...shell.problems.map((p) => ({file, ...p})));
    }
    pythonDocs.push({file, blocks});
  }

  for (const page of options.generated ?? []) {
    stats.files++;
    const scanned = scanMarkdown(page.text, page.file);
    const blocks = scanned.blocks;
    problems.push(...fenceProblems(scanned).map((p) => ({file: page.file, ...p})));
    if (cliIndex) {
      const shell = checkShellBlocks(blocks, cliIndex);
      stats.towerCommands += shell.commands;
      problems.push(...shell.problems.map((p) => ({file: page.file, ...p})));
    }
    pythonDocs.push({file: page.file, blocks});
  }

  const python = checkPythonDocuments(pythonDocs, interpreter);
  stats.pythonParsed = python.parsed;
  stats.pythonFragments = python.fragments;
  problems.push(...python.problems);

  const pageApps = checkPageApps(
    pages.map((page) => ({...page, blocks: page.blocks.filter(isSample)})),
    interpreter,
  );
  stats.pageApps = pageApps.apps;
  problems.push(...pageApps.problems);

  if (!options.files) {
    const examples = checkExamples({root, pages, towerfileRules, python: interpreter});
    stats.projects = examples.stats.projects;
    stats.projectApps = examples.stats.apps;
    stats.projectPythonFiles = examples.stats.pythonFiles;
    stats.projectYamlFiles = examples.stats.yamlFiles;
    stats.fixtureTests = examples.stats.tests;
    stats.includes = examples.stats.includes;
    problems.push(...examples.problems);
  }

  // `run` is null when the manifest or schema is missing or broken; that is already reported.
  const references: {ref: ReferenceFiles; run: ((markdown: string) => Problem[]) | null}[] = [
    {ref: CLI_REFERENCE, run: cliManifest && ((md) => checkCliReference(md, cliManifest))},
    {ref: SDK_REFERENCE, run: sdkManifest && ((md) => checkSdkReference(md, sdkManifest))},
    {ref: TOWERFILE_REFERENCE, run: schema && ((md) => checkTowerfileReference(md, schema))},
  ];
  for (const {ref, run} of references) {
    if (options.files && !files.includes(ref.page)) continue;
    const abs = path.join(root, ref.page);
    if (!existsSync(abs)) {
      problems.push({file: ref.page, line: 1, message: `reference page does not exist (it must document ${ref.source})`});
      continue;
    }
    if (!run) continue;
    stats.referencePages++;
    problems.push(...run(readFileSync(abs, 'utf8')));
  }

  problems.sort(compareProblems);
  return {problems, stats};
}

/** The API operation pages as the build writes them to docs/reference/api/, rendered in memory from the spec. */
export async function apiOperationPages(root: string): Promise<{file: string; text: string}[]> {
  const model = await loadApiModel(path.join(root, API_REFERENCE.specFile), API_REFERENCE.specFile);
  const pages = renderApiPages(model, (route) => route);
  return model.operations.map((operation) => ({file: `${EXCLUDED_PREFIX}${operation.slug}.mdx`, text: pages.get(`${operation.slug}.mdx`)!}));
}

/**
 * checkSamples, plus the diagram fences of the same files: those render with
 * Graphviz's WebAssembly build, which only loads asynchronously.
 */
export async function checkSamplesWithDiagrams(options: CheckOptions): Promise<CheckReport> {
  // A full check covers the API operation pages too (their curl, Python, tower CLI and SDK samples).
  // Hook added by the api lane: the pages are rendered from the spec in memory, as the build renders them.
  const report = checkSamples(options.files ? options : {...options, generated: await apiOperationPages(options.root)});
  const files = options.files ? options.files.map((f) => toRelative(options.root, f)) : listDocFiles(options.root);
  for (const file of files) {
    const abs = path.join(options.root, file);
    if (!existsSync(abs)) continue;
    let blocks: ScannedMarkdown['blocks'];
    try {
      blocks = scanMarkdown(readFileSync(abs, 'utf8'), file).blocks;
    } catch (err) {
      if (err instanceof MarkdownError) continue; // reported by checkSamples
      throw err;
    }
    const {problems, diagrams} = await checkDiagramBlocks(blocks);
    report.stats.diagrams += diagrams;
    report.problems.push(...problems.map((p) => ({file, ...p})));
  }
  report.problems.sort(compareProblems);
  return report;
}
