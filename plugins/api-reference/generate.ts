/**
 * Generates the API pages (docs/reference/api/) from the OpenAPI document: the
 * overview page and one page per operation. The folder is wiped first and
 * rewritten in full, so a page can never outlive a change of the spec (renamed
 * or removed operations disappear, edited ones are rewritten).
 */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {isMdxFile, MarkdownError, readFrontMatter, readMarkdown} from '../../lib/markdown';
import {API_REFERENCE} from '../../src/constants';
import {operationRoute, overviewRoute, type TitleOf} from './facts';
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

  // Render everything first: an error in one page must not leave a half-written folder.
  const pages = new Map<string, string>();
  pages.set(`${API_REFERENCE.overviewSlug}.mdx`, renderOverviewPage(model));
  for (const operation of model.operations) {
    if (operation.slug === API_REFERENCE.overviewSlug) {
      throw new Error(`${options.specPath}:${operation.line}: operation "${operation.id}" would take the page of the API overview`);
    }
    pages.set(`${operation.slug}.mdx`, renderOperationPage(operation, titleOf));
  }

  rmSync(outputDir, {recursive: true, force: true});
  mkdirSync(outputDir, {recursive: true});
  for (const [name, content] of pages) writeFileSync(path.join(outputDir, name), content, 'utf8');
  return {files: [...pages.keys()].map((name) => path.join(outputDir, name)), model, linkTitles};
}
