/**
 * Everything the plugin writes, computed from plain inputs (the docs, the
 * sidebars, the OpenAPI text, the SDK manifest) with no file system access,
 * so the output depends only on those inputs and can be unit-tested.
 *
 * Output paths are relative to the build directory, e.g. `llms.txt` and
 * `docs/intro.md`.
 */
import path from 'node:path';
import {cleanMarkdown, dropTopHeading, frontMatterOf, oneLine, outsideFences, tidy} from './markdown';
import {markdownPath} from '../../lib/markdown-twin';
import {API_REFERENCE, DOCS_MCP} from '../../src/constants';
import {operationRoute, overviewDescription, overviewRoute} from '../api-reference/facts';
import {titleLookup, type LinkTitles} from '../api-reference/generate';
import type {ApiModel} from '../api-reference/model';
import {renderApiText, renderOperationMarkdown, renderOverviewMarkdown} from '../api-reference/render-markdown';
import {firstSentence} from '../api-reference/text';

export {markdownPath};

export class LlmsInputError extends Error {}

export type DocInput = {
  id: string;
  title: string;
  /** Route of the page, e.g. `/docs/intro`. */
  permalink: string;
  /** Path of the source file relative to the site directory, e.g. `docs/intro.md`. */
  source: string;
  /** Raw file contents. */
  raw: string;
  unlisted?: boolean;
};

export type SidebarItem =
  | {type: 'doc'; id: string; label?: string}
  | {type: 'ref'; id: string; label?: string}
  | {type: 'link'; href: string; label: string; description?: string}
  | {type: 'html'; value: string}
  | {
      type: 'category';
      label: string;
      items: SidebarItem[];
      description?: string;
      link?: {type: 'doc'; id: string} | {type: 'generated-index'; permalink: string; title?: string; description?: string};
    };

export type SdkManifest = {sdkVersion?: string; entries: {name: string; kind?: string; signature?: string}[]};

export type GenerateInput = {
  /** Site URL plus base URL, without a trailing slash: `https://docs.tower.dev`. */
  siteUrl: string;
  productName: string;
  /** One or two sentences for the llms.txt blockquote. */
  summary: string;
  /** Optional paragraph after the blockquote. */
  details?: string;
  docs: DocInput[];
  /** Sidebars in the order they should be read. */
  sidebars: {id: string; items: SidebarItem[]}[];
  /** Section title for a top-level category label, when it differs. */
  sectionTitles?: Record<string, string>;
  /** Order of the llms.txt sections; sections not named come after, in sidebar order. */
  sectionOrder?: string[];
  /** The API model (plugins/api-reference) and the labels of the links its pages make. */
  api?: {model: ApiModel; linkTitles: LinkTitles};
  sdk?: {docId: string; manifest: SdkManifest; manifestName: string};
};

type GenerateResult = {
  /** Output path -> content, sorted by path. */
  files: Map<string, string>;
  warnings: string[];
};

const FILES = {
  index: 'llms.txt',
  full: 'llms-full.txt',
  api: 'llms-api.txt',
  sdk: 'llms-sdk.txt',
} as const;

type Section = {title: string; entries: {title: string; url: string; description: string}[]};

type CategoryPage = {permalink: string; title: string; description?: string; items: SidebarItem[]};

function describeDoc(doc: DocInput): {description: string; title: string} {
  const frontMatter = frontMatterOf(doc.raw, doc.source);
  const description = typeof frontMatter.description === 'string' ? oneLine(frontMatter.description) : '';
  return {description, title: doc.title};
}

export function generate(input: GenerateInput): GenerateResult {
  const files = new Map<string, string>();
  const warnings: string[] = [];
  const names = FILES;
  const site = input.siteUrl.replace(/\/$/, '');
  const docsById = new Map(input.docs.map((doc) => [doc.id, doc]));
  const docsBySource = new Map(input.docs.map((doc) => [path.posix.normalize(doc.source), doc]));
  // The API pages are rendered from the model (plugins/api-reference), never cleaned from their MDX.
  const isApiDoc = (id: string): boolean => Boolean(input.api && id.startsWith(`${API_REFERENCE.docDir}/`));
  const api = input.api;
  const apiContext = api ? {siteUrl: site, titleOf: titleLookup(api.linkTitles)} : undefined;

  // ---- Walk the sidebars: reading order, sections, category index pages.
  const sectionTitle = (label: string): string => input.sectionTitles?.[label] ?? label;
  const ordered: {doc: DocInput; section: string}[] = [];
  const categories: CategoryPage[] = [];
  const placed = new Set<string>();

  for (const sidebar of input.sidebars) {
    let pending: DocInput[] = [];
    let lastSection: string | undefined;
    const place = (doc: DocInput, section: string): void => {
      if (placed.has(doc.id) || isApiDoc(doc.id)) return;
      placed.add(doc.id);
      ordered.push({doc, section});
    };
    const lookup = (id: string): DocInput => {
      const doc = docsById.get(id);
      if (!doc) throw new LlmsInputError(`sidebar "${sidebar.id}" lists the doc "${id}", which does not exist`);
      return doc;
    };
    const visit = (items: SidebarItem[], section: string): void => {
      for (const item of items) {
        if (item.type === 'doc' || item.type === 'ref') place(lookup(item.id), section);
        else if (item.type === 'category') {
          if (item.link?.type === 'doc') place(lookup(item.link.id), section);
          if (item.link?.type === 'generated-index') {
            categories.push({
              permalink: item.link.permalink,
              title: item.link.title ?? item.label,
              description: item.link.description,
              items: item.items,
            });
          }
          visit(item.items, section);
        }
      }
    };
    for (const item of sidebar.items) {
      if (item.type === 'category') {
        const section = sectionTitle(item.label);
        for (const doc of pending) place(doc, section);
        pending = [];
        lastSection = section;
        visit([item], section);
      } else if (item.type === 'doc' || item.type === 'ref') {
        const doc = lookup(item.id);
        if (lastSection) place(doc, lastSection);
        else pending.push(doc);
      }
    }
    for (const doc of pending) place(doc, sectionTitle('Docs'));
  }
  // Pages in no sidebar still get a twin, and a section of their own in llms.txt.
  const unplaced = input.docs.filter((doc) => !placed.has(doc.id) && !isApiDoc(doc.id) && !doc.unlisted).sort((a, b) => a.id.localeCompare(b.id));
  for (const doc of unplaced) ordered.push({doc, section: 'Other pages'});

  // ---- Every page needs a one-line description for llms.txt.
  const described = new Map<string, {description: string; title: string}>();
  for (const {doc} of ordered) {
    const info = describeDoc(doc);
    if (!info.description) {
      throw new LlmsInputError(`${doc.source} (doc "${doc.id}") has no front-matter description; llms.txt needs one line per page`);
    }
    described.set(doc.id, info);
  }

  // ---- Clean every page once.
  const cleaned = new Map<string, string>();
  const cleanDoc = (doc: DocInput): string => {
    const cached = cleaned.get(doc.id);
    if (cached) return cached;
    const pageUrl = `${site}${doc.permalink}`;
    const sourceDir = path.posix.dirname(doc.source);
    const {markdown} = cleanMarkdown(doc.raw, {
      pageUrl,
      siteUrl: site,
      title: doc.title,
      sourceName: doc.source,
      resolveRelative: (href) => {
        const [file, hash] = href.split('#');
        const target = docsBySource.get(path.posix.normalize(path.posix.join(sourceDir, file)));
        return target ? `${site}${target.permalink}${hash ? `#${hash}` : ''}` : undefined;
      },
    });
    cleaned.set(doc.id, markdown);
    return markdown;
  };
  for (const doc of input.docs) {
    if (isApiDoc(doc.id)) continue;
    try {
      files.set(markdownPath(doc.permalink).slice(1), cleanDoc(doc));
    } catch (error) {
      throw new LlmsInputError((error as Error).message);
    }
  }

  // ---- Category index pages: a list of their children.
  const itemLine = (item: SidebarItem): string | undefined => {
    if (item.type === 'doc' || item.type === 'ref') {
      const doc = docsById.get(item.id);
      if (!doc) return undefined;
      const info = described.get(doc.id) ?? describeDoc(doc);
      return `- [${doc.title}](${site}${doc.permalink})${info.description ? `: ${info.description}` : ''}`;
    }
    if (item.type === 'link') {
      const href = item.href.startsWith('/') ? `${site}${item.href}` : item.href;
      return `- [${item.label}](${href})${item.description ? `: ${oneLine(item.description)}` : ''}`;
    }
    if (item.type === 'category') {
      const target =
        item.link?.type === 'generated-index' ? item.link.permalink : item.link?.type === 'doc' ? docsById.get(item.link.id)?.permalink : undefined;
      const description = item.link?.type === 'generated-index' ? item.link.description : item.description;
      const label = target ? `[${item.label}](${site}${target})` : item.label;
      return `- ${label}${description ? `: ${oneLine(description)}` : ''}`;
    }
    return undefined;
  };
  for (const category of categories) {
    const lines = [`# ${category.title}`, ''];
    if (category.description) lines.push(category.description, '');
    lines.push(...category.items.map(itemLine).filter((line): line is string => Boolean(line)));
    files.set(markdownPath(category.permalink).slice(1), tidy(lines.join('\n')));
  }

  // ---- API: overview and one Markdown twin per operation, plus the API file.
  if (api && apiContext) {
    files.set(markdownPath(overviewRoute()).slice(1), renderOverviewMarkdown(api.model, apiContext));
    for (const operation of api.model.operations) {
      files.set(markdownPath(operationRoute(operation)).slice(1), renderOperationMarkdown(operation, apiContext));
    }
    files.set(names.api, renderApiText(api.model, apiContext));
  }

  // ---- SDK file, checked against the manifest.
  if (input.sdk) {
    const doc = docsById.get(input.sdk.docId);
    if (!doc) throw new LlmsInputError(`the SDK reference doc "${input.sdk.docId}" does not exist`);
    const markdown = cleanDoc(doc);
    const headings = new Set(
      outsideFences(markdown)
        .map((line) => /^#{1,6}\s+`([^`]+)`\s*$/.exec(line)?.[1])
        .filter((name): name is string => Boolean(name)),
    );
    const missing = input.sdk.manifest.entries.map((entry) => entry.name).filter((name) => !headings.has(name));
    if (missing.length) {
      throw new LlmsInputError(
        `${doc.source} has no section for ${missing.length === 1 ? 'the SDK entry' : 'these SDK entries'} ${missing
          .map((name) => `"${name}"`)
          .join(', ')} from ${input.sdk.manifestName} (expected a heading whose whole text is \`name\`)`,
      );
    }
    // Signatures differ in small ways between the manifest and the page (line breaks, defaults
    // quoted differently), so a mismatch is only a warning; a missing section is an error.
    const flatSource = oneLine(doc.raw);
    for (const entry of input.sdk.manifest.entries) {
      if (entry.signature && !flatSource.includes(oneLine(entry.signature))) {
        warnings.push(`${doc.source}: the signature of ${entry.name} differs from ${input.sdk.manifestName}`);
      }
    }
    const {description} = describeDoc(doc);
    const version = input.sdk.manifest.sdkVersion;
    const header = [
      `# ${doc.title} reference${version ? ` (Python package \`tower\` ${version})` : ''}`,
      '',
      `> ${description}`,
      '',
      `The Python SDK reference of ${input.productName}, taken from ${site}${doc.permalink}. It covers all ${input.sdk.manifest.entries.length} public functions, classes, methods, properties and exceptions. Each has its own section with its signature, parameters, return value, errors and an example.`,
      '',
    ];
    files.set(names.sdk, tidy(header.join('\n') + dropTopHeading(markdown)));
  }

  // ---- llms.txt
  const sections = new Map<string, Section>();
  for (const {doc, section} of ordered) {
    const info = described.get(doc.id);
    if (!info) continue;
    if (!sections.has(section)) sections.set(section, {title: section, entries: []});
    sections.get(section)!.entries.push({
      title: doc.title,
      url: `${site}${markdownPath(doc.permalink)}`,
      description: info.description,
    });
  }
  if (api) {
    const title = 'API';
    const entries: Section['entries'] = [
      {title: `${api.model.info.title} overview`, url: `${site}${markdownPath(overviewRoute())}`, description: oneLine(overviewDescription(api.model))},
    ];
    for (const operation of api.model.operations) {
      const description = operation.description ? firstSentence(operation.description) : '';
      entries.push({
        title: operation.summary,
        url: `${site}${markdownPath(operationRoute(operation))}`,
        description: `\`${operation.method} ${operation.path}\`${description ? `. ${description}` : ''}`,
      });
    }
    sections.set(title, {title, entries});
  }
  const order = input.sectionOrder ?? [];
  const sortedSections = [...sections.values()].sort((a, b) => {
    const ia = order.indexOf(a.title);
    const ib = order.indexOf(b.title);
    return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib);
  });

  const fileLinks = [`- [${names.full}](${site}/${names.full}): every documentation page in reading order as one Markdown file.`];
  if (api) {
    const {info, operations} = api.model;
    fileLinks.push(
      `- [${names.api}](${site}/${names.api}): all ${operations.length} operations of the ${info.title} ${info.version} with code samples, parameters, request bodies, responses and schemas.`,
    );
  }
  if (files.has(names.sdk)) {
    fileLinks.push(
      `- [${names.sdk}](${site}/${names.sdk}): the Python SDK reference, every public function, class and method with signature, parameters, return value and an example.`,
    );
  }
  const index: string[] = [`# ${input.productName}`, '', `> ${oneLine(input.summary)}`, ''];
  if (input.details) index.push(input.details.trim(), '');
  index.push(
    `Each link below points at the Markdown version of a page; remove \`.md\` from the URL for the HTML page. These files hold the same content in larger pieces:`,
    '',
    ...fileLinks,
    '',
    // Not a link: every link of llms.txt is a Markdown file of the build, and the server is not one.
    `Coding agents can also reach these docs through an MCP server at ${site}${DOCS_MCP.path} (Streamable HTTP; its server card is at ${site}/.well-known/mcp/server-card.json): search that returns the text of the best sections, reads of a page or a single section, the HTTP API operations, and checks of Towerfiles and \`tower\` command lines.`,
    '',
  );
  for (const section of sortedSections) {
    index.push(`## ${section.title}`, '');
    for (const entry of section.entries) index.push(`- [${entry.title}](${entry.url}): ${entry.description}`);
    index.push('');
  }
  files.set(names.index, tidy(index.join('\n')));

  // ---- llms-full.txt: the pages in sidebar order.
  const full: string[] = [
    `# ${input.productName} documentation, full text`,
    '',
    `> ${oneLine(input.summary)}`,
    '',
    `Every page of the ${input.productName} documentation at ${site} in reading order, as Markdown. Each page starts with its own H1 and a Source line with its URL.${
      files.has(names.api) ? ` The HTTP API operations are in ${site}/${names.api}.` : ''
    }`,
    '',
  ];
  for (const {doc} of ordered) {
    const cleanedDoc = cleanDoc(doc);
    const markdown = cleanedDoc.startsWith('# ') ? cleanedDoc : `# ${doc.title}\n\n${cleanedDoc}`;
    const [first, ...rest] = markdown.split('\n');
    full.push(first, '', `Source: ${site}${doc.permalink}`, '', rest.join('\n').trim(), '');
  }
  files.set(names.full, tidy(full.join('\n')));

  return {files: new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), warnings};
}
