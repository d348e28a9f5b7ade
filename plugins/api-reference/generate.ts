/**
 * Generates the API pages (docs/reference/api/) from the OpenAPI document: the
 * overview page and one page per operation. The folder is wiped first and
 * rewritten in full, so a page can never outlive a change of the spec (renamed
 * or removed operations disappear, edited ones are rewritten).
 */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {isMdxFile, MarkdownError, readFrontMatter, readMarkdown} from '../../lib/markdown';
import {API_REFERENCE, CLI_MANIFEST_FILE} from '../../src/constants';
import {checkTowerArgs, CliIndex, shellCommands, type CliManifest} from '../../lib/tower-cli';
import {ERRORS_ANCHOR, operationRoute, overviewRoute, type TitleOf} from './facts';
import {loadApiModel, type ApiModel} from './model';
import {renderOperationPage, renderOverviewPage} from './render-mdx';

export type GenerateOptions = {
  siteDir: string;
  /** The OpenAPI file, relative to siteDir. */
  specPath: string;
  /** The output folder inside docs/, relative to siteDir. Everything in it is deleted. */
  outputDir: string;
  /** The docs folder, relative to siteDir, used to look up link titles. */
  docsDir: string;
};

/** Route -> label of every link the spec makes (x-tower-related), shared with the Markdown twins. */
export type LinkTitles = Record<string, string>;

type GenerateResult = {files: string[]; model: ApiModel; linkTitles: LinkTitles};

/** The title Docusaurus gives a docs page: front-matter `title`, else its first H1. */
function pageTitle(file: string, siteDir: string): string | undefined {
  const source = readFileSync(file, 'utf8');
  const options = {sourceName: path.relative(siteDir, file), mdx: isMdxFile(file)};
  try {
    const title = readFrontMatter(source, options).title;
    if (typeof title === 'string' && title) return title;
    return readMarkdown(source, options).headings.find((heading) => heading.level === 1)?.text;
  } catch (error) {
    if (!(error instanceof MarkdownError)) throw error;
    throw new Error(`${error.message}. plugins/api-reference reads it for the title of a link from ${API_REFERENCE.specFile}.`);
  }
}

/** The labels of the links the spec makes: an operation's summary, or the docs page's title. */
function readLinkTitles(model: ApiModel, siteDir: string, docsDir: string): LinkTitles {
  const known = new Map<string, string>(model.operations.map((operation) => [operationRoute(operation), operation.summary]));
  known.set(overviewRoute(), model.info.title);
  const titles: LinkTitles = {};
  for (const route of new Set(model.operations.flatMap((operation) => operation.related))) {
    const bare = route.replace(/#.*$/, '');
    let title = known.get(bare);
    if (!title) {
      const relative = bare.replace(/^\/docs\//, '');
      for (const extension of ['.md', '.mdx']) {
        const file = path.join(siteDir, docsDir, `${relative}${extension}`);
        if (existsSync(file)) {
          title = pageTitle(file, siteDir);
          break;
        }
      }
    }
    // A route without a page keeps its path as label; the build's broken-link check reports it.
    titles[route] = title ?? bare;
  }
  return titles;
}

export function titleLookup(titles: LinkTitles): TitleOf {
  return (route) => titles[route] ?? route;
}

/** Every page of the API reference as MDX, by file name, rendered in memory (the sample checker reads them too). */
export function renderApiPages(model: ApiModel, titleOf: TitleOf): Map<string, string> {
  const pages = new Map<string, string>();
  pages.set(`${API_REFERENCE.overviewSlug}.mdx`, renderOverviewPage(model));
  for (const operation of model.operations) {
    if (operation.slug === API_REFERENCE.overviewSlug) {
      throw new Error(`${model.file}:${operation.line}: operation "${operation.id}" would take the page of the API overview`);
    }
    pages.set(`${operation.slug}.mdx`, renderOperationPage(operation, titleOf));
  }
  return pages;
}

/**
 * The `tower` command of every operation (x-tower-cli) must be one the CLI
 * manifest knows, with real flags, as every command on the other pages must:
 * the pages say their samples are checked against that tower-cli version.
 */
function checkCliSamples(model: ApiModel, siteDir: string): void {
  const manifestFile = path.join(siteDir, CLI_MANIFEST_FILE);
  const index = new CliIndex(JSON.parse(readFileSync(manifestFile, 'utf8')) as CliManifest);
  const problems = model.operations.flatMap((operation) =>
    (operation.cli ? shellCommands(operation.cli) : [])
      .filter(({words}) => words[0] === 'tower')
      .flatMap(({words}) => checkTowerArgs(words.slice(1), index))
      .map((message) => `${model.file}:${operation.line}: x-tower-cli of "${operation.id}": ${message}`),
  );
  if (problems.length) throw new Error(`${problems.join('\n')}\n(the commands are checked against ${CLI_MANIFEST_FILE})`);
}

/** The error responses link the overview's Errors section (facts.ts): the spec's description must have one. */
function checkErrorsSection(model: ApiModel): void {
  const linking = model.operations.filter((operation) =>
    operation.responses.some((response) => !response.status.startsWith('2') && response.content.some((media) => media.schema?.name)),
  );
  const headings = [...model.info.description.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]);
  if (linking.length && !headings.some((heading) => heading.toLowerCase() === ERRORS_ANCHOR)) {
    throw new Error(
      `${model.file}: info.description has no "## Errors" section, which the error responses of ${linking.length} operations link to (the first is "${linking[0].id}"): say there what an error body holds`,
    );
  }
}

export async function generateApiReference(options: GenerateOptions): Promise<GenerateResult> {
  const specFile = path.resolve(options.siteDir, options.specPath);
  const outputDir = path.resolve(options.siteDir, options.outputDir);
  const docsDir = path.resolve(options.siteDir, options.docsDir);
  if (!outputDir.startsWith(`${docsDir}${path.sep}`)) {
    throw new Error(`outputDir ${outputDir} must be a folder inside ${docsDir}: it is deleted on every build`);
  }
  const model = await loadApiModel(specFile, options.specPath);
  const linkTitles = readLinkTitles(model, options.siteDir, options.docsDir);
  const titleOf = titleLookup(linkTitles);

  checkCliSamples(model, options.siteDir);
  checkErrorsSection(model);
  // Render everything first: an error in one page must not leave a half-written folder.
  const pages = renderApiPages(model, titleOf);

  rmSync(outputDir, {recursive: true, force: true});
  mkdirSync(outputDir, {recursive: true});
  for (const [name, content] of pages) writeFileSync(path.join(outputDir, name), content, 'utf8');
  return {files: [...pages.keys()].map((name) => path.join(outputDir, name)), model, linkTitles};
}
