/**
 * The text files for language models and the Markdown twin of every page, as
 * built into build/ by plugins/llms-txt, and the "Copy page" / "View as
 * Markdown" controls in the browser against nginx.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {listFiles} from '../../lib/files';
import path from 'node:path';
import {describe, test} from 'node:test';
import {parse as parseYaml} from 'yaml';
import {SITE} from '../../src/constants';
import {codeLines, readMarkdown} from '../../lib/markdown';
import {REPO_ROOT} from '../../lib/paths';
import {goto, openContext} from '../../lib/browser';
import {useSite} from './support/site';
import {API_OPERATION_IDS} from './routes';

const BUILD = path.join(REPO_ROOT, 'build');
const read = (file: string): string => readFileSync(path.join(BUILD, file), 'utf8');
const LLM_FILES = ['llms.txt', 'llms-full.txt', 'llms-api.txt', 'llms-sdk.txt'];
const SECTIONS = ['Getting started', 'Concepts', 'Architecture', 'Using Tower', 'Examples', 'Reference', 'API'];
const PAGE = '/docs/getting-started/quick-start';

/** Lines outside fenced code, with inline code spans blanked out. */
function proseLines(text: string): {line: string; number: number}[] {
  const code = codeLines(readMarkdown(text, {frontMatter: false}));
  return text
    .split('\n')
    .map((line, i) => ({line: line.replace(/`+[^`]*`+/g, '``'), number: i + 1}))
    .filter(({number}) => !code.has(number));
}

/** The build file a site URL or site-root path points at. */
function buildFileFor(url: string): string {
  const pathname = url.startsWith('/') ? url : new URL(url).pathname;
  return path.join(BUILD, decodeURIComponent(pathname));
}

describe('generated files in build/', () => {
  test('llms.txt: one H1, the blockquote, then H2 sections of links that resolve to built files', () => {
    const lines = read('llms.txt').split('\n');
    assert.equal(lines[0], `# ${SITE.title}`);
    assert.equal(lines.filter((line) => /^# /.test(line)).length, 1, 'exactly one H1');
    assert.match(lines[2], /^> \S/, 'blockquote summary right after the H1');
    assert.deepEqual(
      lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3)),
      SECTIONS,
    );
    const firstSection = lines.indexOf(`## ${SECTIONS[0]}`);
    let links = 0;
    for (const line of lines.slice(firstSection)) {
      if (line === '' || line.startsWith('## ')) continue;
      const item = /^- \[([^\]]+)\]\((\S+)\): (\S.*)$/.exec(line);
      assert.ok(item, `not a "- [title](url): description" line: ${line}`);
      assert.ok(item[2].startsWith(`${SITE.url}/`) && item[2].endsWith('.md'), `not an absolute .md URL: ${item[2]}`);
      assert.ok(existsSync(buildFileFor(item[2])), `link does not resolve to a file in build/: ${item[2]}`);
      links += 1;
    }
    // Every sidebar doc plus the API overview and every operation page.
    assert.ok(links > API_OPERATION_IDS.length + 30, `only ${links} links`);
    for (const id of API_OPERATION_IDS) {
      assert.ok(
        lines.some((line) => line.includes(`](${SITE.url}/docs/reference/api/${id}.md)`)),
        `llms.txt does not link ${id}`,
      );
    }
    // The preamble names the three other files, and they exist.
    const preamble = lines.slice(0, firstSection).join('\n');
    for (const file of LLM_FILES.slice(1)) {
      assert.ok(preamble.includes(`](${SITE.url}/${file})`), `llms.txt does not link ${file}`);
      assert.ok(existsSync(path.join(BUILD, file)), `${file} missing`);
    }
  });

  test('no generated file has front matter, an import line, an admonition fence or a JSX tag', () => {
    const markdownFiles = listFiles(path.join(BUILD, 'docs')).filter((file) => file.endsWith('.md'));
    assert.ok(markdownFiles.length > 30, 'Markdown twins exist');
    for (const file of [...LLM_FILES.map((name) => path.join(BUILD, name)), ...markdownFiles]) {
      const text = readFileSync(file, 'utf8');
      const name = path.relative(BUILD, file);
      assert.doesNotMatch(text, /^---\n/, `${name} starts with front matter`);
      for (const {line, number} of proseLines(text)) {
        const where = `${name}:${number}: ${line}`;
        assert.doesNotMatch(line, /^\s*(import\s.*\sfrom\s+['"]|import\s+['"]|export\s+(default|const|function)\b)/, where);
        assert.doesNotMatch(line, /<\/?[A-Z][A-Za-z0-9.]*(\s[^>]*)?\/?>/, where);
        assert.doesNotMatch(line, /^\s*:::/, where);
        assert.doesNotMatch(line, /^(title|sidebar_label|description|slug|id):\s/, where);
      }
    }
  });

  test('every docs page has a Markdown twin and announces it in the head', () => {
    // build/docs/index.html is the docs root, which only leads to the main doc (src/pages/docs.tsx).
    const root = path.join(BUILD, 'docs', 'index.html');
    const pages = listFiles(path.join(BUILD, 'docs')).filter((file) => file.endsWith('index.html') && file !== root);
    assert.ok(pages.length > 30);
    for (const page of pages) {
      const route = `/${path.relative(BUILD, path.dirname(page))}`;
      assert.ok(existsSync(path.join(BUILD, `${route}.md`)), `${route}.md missing`);
      if (route.startsWith('/docs/category/')) continue;
      const html = readFileSync(page, 'utf8');
      // The HTML is minified: attribute quotes are optional.
      assert.match(html, new RegExp(`<link[^>]+rel="?alternate"?[^>]+type="?text/markdown"?[^>]+href="?${route}\\.md[\\s">/]`), route);
    }
  });

  test('the API file names every operation of openapi/tower-api.yaml with method, path, page and operation ID', () => {
    const spec = parseYaml(readFileSync(path.join(REPO_ROOT, 'openapi/tower-api.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, {operationId?: string}>>;
    };
    const api = read('llms-api.txt');
    const operations = Object.entries(spec.paths).flatMap(([route, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method))
        .map(([method, operation]) => ({method: method.toUpperCase(), route, id: operation.operationId})),
    );
    assert.deepEqual(operations.map((operation) => operation.id).sort(), [...API_OPERATION_IDS].sort());
    for (const {method, route, id} of operations) {
      assert.ok(api.includes(`\`${method} ${route}\`\n\nSource: ${SITE.url}/docs/reference/api/${id}\n`), `${id} (${method} ${route}) missing`);
      assert.ok(api.includes(`**Operation ID:** \`${id}\``), `${id}: no operation ID line`);
      const twin = readFileSync(path.join(BUILD, 'docs/reference/api', `${id}.md`), 'utf8');
      assert.ok(twin.includes(`\`${method} ${route}\``), `${id}.md does not name ${method} ${route}`);
    }
    assert.match(api, /#### Responses/);
    assert.doesNotMatch(api, /\$ref/);
  });

  test('the SDK file names every entry of data/sdk-manifest.json', () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/sdk-manifest.json'), 'utf8')) as {
      entries: {name: string}[];
    };
    assert.ok(manifest.entries.length > 50, 'the manifest is the real one');
    const raw = read('llms-sdk.txt').split('\n');
    for (const {name} of manifest.entries) {
      assert.ok(
        raw.some((line) => new RegExp(`^#{2,6} \`${name.replace(/\./g, '\\.')}\`$`).test(line)),
        `${name} has no section`,
      );
    }
  });
});

describe('in the browser', () => {
  const site = useSite();

  test('"Copy page" puts the page Markdown on the clipboard; "View as Markdown" links the .md', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await goto(page, `${site.base}${PAGE}`);
    const view = page.getByRole('link', {name: 'View as Markdown'});
    assert.equal(await view.getAttribute('href'), `${PAGE}.md`);
    await page.getByRole('button', {name: 'Copy page'}).click();
    await page.getByRole('button', {name: 'Copied'}).waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(clipboard, read(`${PAGE}.md`));
    assert.match(clipboard, /^# Quickstart|^# /);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('the .md twin and the llms files are served as text', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const twin = await page.request.get(`${site.base}${PAGE}.md`);
    assert.equal(twin.status(), 200);
    assert.match(twin.headers()['content-type'], /^text\/markdown/);
    assert.equal(await twin.text(), read(`${PAGE}.md`));
    for (const file of LLM_FILES) {
      const response = await page.request.get(`${site.base}/${file}`);
      assert.equal(response.status(), 200, file);
      assert.match(response.headers()['content-type'], /^text\/plain/, file);
    }
    await context.close();
  });
});
