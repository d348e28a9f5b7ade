/**
 * Generates docs/reference/api/ from openapi/tower-api.yaml: the overview page
 * and one page per operation. The folder is wiped first and rewritten in full,
 * so a page can never outlive a change of the spec (renamed or removed
 * operations disappear, edited ones are rewritten).
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {API_ROUTE_BASE, renderInfoPage, renderOperationPage, type TitleOf} from './render';
import {infoPageId} from './sidebar';
import {loadSpec, type LoadedSpec} from './spec';

export type GenerateOptions = {
  siteDir: string;
  /** The OpenAPI file, relative to siteDir. */
  specPath: string;
  /** The output folder inside docs/, relative to siteDir. Everything in it is deleted. */
  outputDir: string;
  /** The docs folder, relative to siteDir, used to look up link titles. */
  docsDir: string;
};

export type GenerateResult = {files: string[]; specHash: string; spec: LoadedSpec};

export function specHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Link labels: the title of the docs page, or the summary of the operation. */
function makeTitleOf(siteDir: string, docsDir: string, spec: LoadedSpec): TitleOf {
  const summaries = new Map(spec.operations.map((operation) => [`${API_ROUTE_BASE}/${operation.id}`, operation.summary]));
  summaries.set(`${API_ROUTE_BASE}/${spec.info.id}`, spec.info.title);
  return (route) => {
    const bare = route.replace(/#.*$/, '');
    const summary = summaries.get(bare);
    if (summary) return summary;
    const relative = bare.replace(/^\/docs\//, '');
    for (const extension of ['.md', '.mdx']) {
      const file = path.join(siteDir, docsDir, `${relative}${extension}`);
      if (!existsSync(file)) continue;
      const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'));
      const fields = match ? (parse(match[1]) as {title?: string; sidebar_label?: string}) : {};
      if (fields.title) return fields.title;
    }
    // The build's broken-link check reports a route that has no page.
    return bare;
  };
}

export async function generateApiReference(options: GenerateOptions): Promise<GenerateResult> {
  const specFile = path.resolve(options.siteDir, options.specPath);
  const outputDir = path.resolve(options.siteDir, options.outputDir);
  const docsDir = path.resolve(options.siteDir, options.docsDir);
  if (!outputDir.startsWith(`${docsDir}${path.sep}`)) {
    throw new Error(`outputDir ${outputDir} must be a folder inside ${docsDir}: it is deleted on every build`);
  }
  const hash = specHash(specFile);
  const spec = await loadSpec(specFile, options.outputDir);
  if (spec.info.id !== infoPageId(spec.info.title)) {
    throw new Error(`The overview page id "${spec.info.id}" does not match the sidebar's "${infoPageId(spec.info.title)}"`);
  }
  const seen = new Set<string>();
  for (const operation of spec.operations) {
    if (seen.has(operation.id) || operation.id === spec.info.id) throw new Error(`Duplicate page id "${operation.id}"`);
    seen.add(operation.id);
  }

  // Render everything first: an error in one page must not leave a half-written folder.
  const titleOf = makeTitleOf(options.siteDir, options.docsDir, spec);
  const pages = new Map<string, string>();
  pages.set(`${spec.info.id}.mdx`, renderInfoPage(spec));
  for (const operation of spec.operations) pages.set(`${operation.id}.mdx`, renderOperationPage(spec.info, operation, titleOf));

  rmSync(outputDir, {recursive: true, force: true});
  mkdirSync(outputDir, {recursive: true});
  for (const [name, content] of pages) writeFileSync(path.join(outputDir, name), content, 'utf8');
  return {files: [...pages.keys()].map((name) => path.join(outputDir, name)), specHash: hash, spec};
}
