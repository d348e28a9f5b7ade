/**
 * Every API page and its Markdown twin (what "Copy page" and "View as Markdown"
 * return) say the same things. From the built HTML and the built .md file of
 * the overview and of every operation in the spec, the test reads the same
 * facts in reading order: headings, paragraphs, list items (schema fields),
 * table rows (parameters), code blocks (code samples with their labels, and
 * examples) and links, and compares them. It reads build/ and needs no browser.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import {parseDocument} from 'htmlparser2';
import {REPO_ROOT} from '../../lib/paths';
import {SITE} from '../../src/constants';
import {loadApiModel, type ApiModel} from '../../plugins/api-reference/model';
import {SPEC_PATH} from '../../plugins/api-reference/sidebar';

const BUILD = path.join(REPO_ROOT, 'build');
const API_ROUTE = '/docs/reference/api';

type Facts = {blocks: string[]; links: string[]};

const clean = (text: string): string =>
  text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// ---- HTML.

type DomNode = {type: string; name?: string; attribs?: Record<string, string>; children?: DomNode[]; data?: string};

const hasClass = (node: DomNode, prefix: string): boolean =>
  (node.attribs?.class ?? '').split(/\s+/).some((name) => name === prefix || name.startsWith(`${prefix}_`) || name.startsWith(prefix));

/** Parts of the page that are controls or decoration, not content. */
function skipped(node: DomNode): boolean {
  return (
    node.type === 'tag' &&
    (['button', 'svg', 'summary', 'script', 'style'].includes(node.name!) || hasClass(node, 'hash-link') || hasClass(node, 'codeBlockTitle'))
  );
}

function textOf(node: DomNode, skip: (node: DomNode) => boolean = () => false): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || skipped(node) || skip(node)) return '';
  if (node.name === 'br') return ' · ';
  return (node.children ?? []).map((child) => textOf(child, skip)).join('');
}

function find(node: DomNode, test: (node: DomNode) => boolean): DomNode | undefined {
  if (test(node)) return node;
  for (const child of node.children ?? []) {
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

function findAll(node: DomNode, test: (node: DomNode) => boolean, found: DomNode[] = []): DomNode[] {
  if (test(node)) found.push(node);
  for (const child of node.children ?? []) findAll(child, test, found);
  return found;
}

/** The nodes under `node` that pass `test`, without descending into one that does. */
function outermost(node: DomNode, test: (node: DomNode) => boolean): DomNode[] {
  return (node.children ?? []).flatMap((child) => (test(child) ? [child] : outermost(child, test)));
}

function htmlFacts(html: string): Facts {
  const root = find(parseDocument(html) as unknown as DomNode, (node) => node.type === 'tag' && hasClass(node, 'theme-doc-markdown'));
  assert.ok(root, 'no .theme-doc-markdown in the page');
  const blocks: string[] = [];
  const links: string[] = [];
  let tabLabels: string[] = [];
  let panel = 0;
  const isList = (node: DomNode) => node.type === 'tag' && (node.name === 'ul' || node.name === 'ol');

  const visit = (node: DomNode, depth: number): void => {
    if (node.type !== 'tag' || skipped(node)) return;
    if (node.name === 'a' && node.attribs?.href && !hasClass(node, 'hash-link')) links.push(`${clean(textOf(node))} -> ${node.attribs.href}`);
    const name = node.name!;
    if (/^h[1-6]$/.test(name)) return void blocks.push(`H: ${clean(textOf(node))}`);
    if (name === 'pre') return void blocks.push(`C: ${textOf(node).replace(/\n+$/, '')}`);
    if (name === 'p') {
      if (hasClass(node, 'api-endpoint')) {
        const [method, apiPath] = (node.children ?? []).map((child) => clean(textOf(child)));
        blocks.push(`P: ${method} ${apiPath}`);
      } else {
        blocks.push(`P: ${clean(textOf(node))}`);
      }
      for (const child of node.children ?? []) collectLinks(child);
      return;
    }
    if (hasClass(node, 'admonitionHeading')) return void blocks.push(`P: ${clean(textOf(node))}`);
    if (name === 'ul' && node.attribs?.role === 'tablist') {
      tabLabels = (node.children ?? []).filter((child) => child.type === 'tag').map((child) => clean(textOf(child)));
      panel = 0;
      return;
    }
    if (node.attribs?.role === 'tabpanel') blocks.push(`P: ${tabLabels[panel++]}`);
    if (name === 'li') {
      // A field's own fields are a nested list, open or folded in a details element.
      const isFold = (n: DomNode) => n.type === 'tag' && n.name === 'details';
      blocks.push(`L${depth}: ${clean(textOf(node, (n) => isList(n) || isFold(n)))}`);
      for (const child of node.children ?? []) {
        if (isList(child)) visit(child, depth + 1);
        else if (isFold(child)) for (const list of outermost(child, isList)) visit(list, depth + 1);
        else collectLinks(child);
      }
      return;
    }
    if (name === 'table') {
      // Minified HTML omits end tags, and htmlparser2 then nests the body rows inside the last header cell.
      const rows = findAll(node, (n) => n.name === 'tr');
      const cellsOf = (row: DomNode) => (row.children ?? []).filter((child) => child.name === 'td' || child.name === 'th');
      const isHeader = (row: DomNode) => cellsOf(row).every((cell) => cell.name === 'th');
      const nested = (n: DomNode) => n.name === 'tbody' || n.name === 'tr';
      const header = rows.find(isHeader);
      const join = header && clean(textOf(cellsOf(header).at(-1)!, nested)) === 'Description' ? ' — ' : ' · ';
      for (const row of rows.filter((candidate) => !isHeader(candidate))) {
        const cells = cellsOf(row).map((cell) => clean(textOf(cell, nested)));
        const last = cells.pop() ?? '';
        blocks.push(`L0: ${cells.join(' · ')}${last ? `${join}${last}` : ''}`);
        for (const cell of cellsOf(row)) collectLinks(cell);
      }
      return;
    }
    for (const child of node.children ?? []) visit(child, depth);
  };
  const collectLinks = (node: DomNode): void => {
    if (node.type !== 'tag' || skipped(node) || isList(node)) return;
    if (node.name === 'a' && node.attribs?.href) links.push(`${clean(textOf(node))} -> ${node.attribs.href}`);
    else for (const child of node.children ?? []) collectLinks(child);
  };
  visit(root, 0);
  return {blocks, links};
}

// ---- Markdown.

/** Inline Markdown as the reader sees it: code spans, links, autolinks (GFM's too) and emphasis resolved. */
function inlineText(markdown: string, links: string[]): string {
  const held: string[] = [];
  const hold = (text: string) => `\u0000${held.push(text) - 1}\u0000`;
  const restore = (text: string) => text.replace(/\u0000(\d+)\u0000/g, (_all, i: string) => held[Number(i)]);
  let text = markdown.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_all, _ticks: string, code: string) =>
    hold(code.length > 1 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code),
  );
  // Links in reading order: [label](href), <url>, and the bare URLs and e-mail addresses GFM links.
  const link = /\[([^\]]*)\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<)\u0000]*[^\s<).,;:\u0000])|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;
  text = text.replace(link, (all, label?: string, href?: string, angled?: string, bare?: string, email?: string) => {
    if (href !== undefined) {
      links.push(`${restore(label ?? '')} -> ${href.replace(SITE.url, '')}`);
      return hold(label ?? '');
    }
    const url = angled ?? bare;
    links.push(url ? `${url} -> ${url}` : `${email} -> mailto:${email}`);
    return hold(url ?? all);
  });
  text = text
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\*([^*\s][^*]*)\*/g, '$1')
    .replace(/(?<!\w)_([^_\s][^_]*)_(?!\w)/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');
  return clean(restore(restore(text)));
}

function markdownFacts(markdown: string): Facts {
  const blocks: string[] = [];
  const links: string[] = [];
  const lines = markdown.split('\n');
  let paragraph: string[] = [];
  let item: {depth: number; text: string[]} | undefined;
  const flush = () => {
    if (paragraph.length) blocks.push(`P: ${inlineText(paragraph.join(' '), links)}`);
    if (item) blocks.push(`L${item.depth}: ${inlineText(item.text.join(' '), links)}`);
    paragraph = [];
    item = undefined;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i].replace(/^> ?/, '');
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !new RegExp(`^\\s*${fence[1]}\\s*$`).test(lines[i]); i += 1) code.push(lines[i]);
      blocks.push(`C: ${code.join('\n')}`);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push(`H: ${inlineText(heading[2], links)}`);
      continue;
    }
    const listItem = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (listItem) {
      flush();
      item = {depth: Math.floor(listItem[1].length / 2), text: [listItem[2]]};
      continue;
    }
    if (item) item.text.push(line.trim());
    else paragraph.push(line.trim());
  }
  flush();
  // "Example:", "Example stream:" and "Response 201 Created:" stand where the page has a code block title.
  return {blocks: blocks.filter((block) => !/^P: (Example( stream)?|Response [^:]+):$/.test(block)), links};
}

// ---- The comparison.

function firstDifference(page: string[], twin: string[]): string {
  const index = page.findIndex((block, i) => block !== twin[i]);
  const at = index === -1 ? Math.min(page.length, twin.length) : index;
  return `first difference at #${at}:\n  page: ${page[at]}\n  twin: ${twin[at]}`;
}

function compare(route: string): string[] {
  const htmlFile = path.join(BUILD, route, 'index.html');
  const twinFile = path.join(BUILD, `${route}.md`);
  if (!existsSync(htmlFile) || !existsSync(twinFile)) return [`${route}: ${existsSync(htmlFile) ? 'no Markdown twin' : 'no page'}`];
  const page = htmlFacts(readFileSync(htmlFile, 'utf8'));
  const twin = markdownFacts(readFileSync(twinFile, 'utf8'));
  const problems: string[] = [];
  if (JSON.stringify(page.blocks) !== JSON.stringify(twin.blocks)) problems.push(`${route}: ${firstDifference(page.blocks, twin.blocks)}`);
  if (JSON.stringify(page.links) !== JSON.stringify(twin.links)) problems.push(`${route}: links ${firstDifference(page.links, twin.links)}`);
  return problems;
}

describe('API pages and their Markdown twins', () => {
  let model: ApiModel;
  before(async () => {
    model = await loadApiModel(SPEC_PATH);
  });

  test('every operation page of the spec says what its twin says, code samples included', () => {
    assert.ok(model.operations.length > 0);
    const problems = model.operations.flatMap((operation) => compare(`${API_ROUTE}/${operation.slug}`));
    assert.deepEqual(problems, []);
  });

  test('no code block of any built operation page or twin shows a type name as a value ("string")', () => {
    const problems: string[] = [];
    for (const operation of model.operations) {
      const route = `${API_ROUTE}/${operation.slug}`;
      const page = htmlFacts(readFileSync(path.join(BUILD, route, 'index.html'), 'utf8')).blocks;
      const twin = markdownFacts(readFileSync(path.join(BUILD, `${route}.md`), 'utf8')).blocks;
      for (const [where, blocks] of Object.entries({page, twin})) {
        const code = blocks.filter((block) => block.startsWith('C: '));
        if (code.length < 2) problems.push(`${route} (${where}): ${code.length} code blocks`);
        // A quoted type name that is not a key (`"number": 42` is a field called number), nor the enum
        // value of a field that names a JSON type (a feature flag's `value_type`).
        for (const block of code)
          if (/(?<!"value_type": )"(string|integer|number|boolean)"(?!\s*:)/.test(block)) problems.push(`${route} (${where}): ${block.slice(0, 80)}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('the overview says what its twin says', () => {
    assert.deepEqual(compare(`${API_ROUTE}/tower-api`), []);
  });

  test('the comparison sees the facts: samples, parameters, fields and statuses', () => {
    const page = htmlFacts(readFileSync(path.join(BUILD, API_ROUTE, 'run-app', 'index.html'), 'utf8'));
    const twin = markdownFacts(readFileSync(path.join(BUILD, `${API_ROUTE}/run-app.md`), 'utf8'));
    for (const facts of [page, twin]) {
      assert.ok(facts.blocks.includes('P: tower CLI'), 'the CLI sample label');
      assert.ok(
        facts.blocks.some((block) => block.startsWith('C: curl --request POST "https://api.tower.dev/v1/apps/my-app/runs"')),
        'the curl sample',
      );
      assert.ok(facts.blocks.includes('L0: name · path · string · required — Name of the app to run.'), 'the path parameter');
      assert.ok(
        facts.blocks.some((block) => /^L1: max_retries · integer \(int64\) · required/.test(block)),
        'a nested field',
      );
      assert.ok(facts.blocks.includes('H: 201 Created') && facts.blocks.includes('H: 401 Unauthorized'), 'the statuses');
      assert.ok(facts.links.includes('Runs -> /docs/concepts/runs'), 'a related link');
    }
  });
});
