import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {highlightToHtml, highlightToLines, LANGUAGES} from './highlight';
import {isMdxFile, readMarkdown} from '../../lib/markdown';
import {applyMagicComments, CodeLinesError, lineNumbersStartFromMeta, rangesFromMeta, wrapLines} from './lines';
import type {Element} from 'hast';
import {highlightCodeBlocks} from './rehype';

const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

const block = (text: string, language: string, metastring?: string): Element => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [
    {
      type: 'element',
      tagName: 'code',
      properties: {className: [`language-${language}`], ...(metastring ? {metastring} : {})},
      children: [{type: 'text', value: text}],
    },
  ],
});
const render = (text: string, language: string, metastring?: string) => {
  const pre = block(text, language, metastring);
  highlightCodeBlocks({type: 'root', children: [pre]}, 'docs/page.md');
  return (pre.children[0] as Element).properties;
};

/** Text and the classes around each character: what a reader sees, however the spans are cut. */
function styledText(html: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  const entities: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'"};
  for (const part of html.split(/(<[^>]+>|&[a-z#0-9]+;)/)) {
    if (part.startsWith('</')) stack.pop();
    else if (part.startsWith('<')) stack.push(/class="([^"]*)"/.exec(part)?.[1] ?? '');
    // A newline's own styling is invisible; where the spans around it are cut does not matter.
    else for (const char of entities[part] ?? part) out.push(char === '\n' ? '\n' : `${char}|${stack.filter((c) => c.startsWith('token')).join('>')}`);
  }
  return out;
}

function docsCodeBlocks(): {language: string; code: string}[] {
  const blocks: {language: string; code: string}[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.mdx?$/.test(name)) {
        for (const fence of readMarkdown(readFileSync(file, 'utf8'), {mdx: isMdxFile(file)}).fences) blocks.push({language: fence.lang, code: fence.code});
      }
    }
  };
  walk(DOCS);
  return blocks;
}

describe('line-by-line highlighting', () => {
  test('shows exactly what the one-piece markup shows, for every code block in the docs', () => {
    const blocks = docsCodeBlocks().filter((b) => b.language in LANGUAGES || b.language === 'text');
    assert.ok(blocks.length > 100, `${blocks.length} blocks`);
    for (const {language, code} of blocks) {
      const lines = highlightToLines(code, language);
      assert.equal(lines.length, code.split('\n').length);
      assert.deepEqual(styledText(lines.join('\n')), styledText(highlightToHtml(code, language)), code.slice(0, 60));
    }
  });

  test('a token over several lines is closed and reopened on each line', () => {
    const lines = highlightToLines('x = """a\nb"""', 'python');
    assert.deepEqual(lines, [
      'x <span class="token operator">=</span> <span class="token triple-quoted-string string">&quot;&quot;&quot;a</span>',
      '<span class="token triple-quoted-string string">b&quot;&quot;&quot;</span>',
    ]);
  });
});

describe('fence meta and highlight comments', () => {
  test('ranges and line numbers from the meta', () => {
    assert.deepEqual([...rangesFromMeta('title="x" {1,4-6}')], [1, 4, 5, 6]);
    assert.deepEqual([...rangesFromMeta('{2}')], [2]);
    assert.deepEqual([...rangesFromMeta('title="{1}"')], [], 'braces inside a title are not a range');
    assert.throws(() => rangesFromMeta('{3-1}'), /range 3-1/);
    assert.throws(() => rangesFromMeta('{0}'), /count from 1/);
    assert.equal(lineNumbersStartFromMeta('showLineNumbers'), 1);
    assert.equal(lineNumbersStartFromMeta('title="a" showLineNumbers=10'), 10);
    assert.equal(lineNumbersStartFromMeta('title="showLineNumbers"'), undefined);
    assert.throws(() => lineNumbersStartFromMeta('showLineNumbers=x'), CodeLinesError);
  });

  test("highlight comments in each language's comment syntax are removed and mark their lines", () => {
    const python = applyMagicComments(['import tower', '# highlight-next-line', 'run = tower.run_app("x")', 'print(run)'].join('\n'), 'python');
    assert.equal(python.code, 'import tower\nrun = tower.run_app("x")\nprint(run)');
    assert.deepEqual([...python.highlighted], [2]);
    const sql = applyMagicComments(['-- highlight-start', 'SELECT 1;', 'SELECT 2;', '-- highlight-end', 'SELECT 3;'].join('\n'), 'sql');
    assert.deepEqual([sql.code, [...sql.highlighted]], ['SELECT 1;\nSELECT 2;\nSELECT 3;', [1, 2]]);
    const json = applyMagicComments('{\n  /* highlight-next-line */\n  "a": 1\n}', 'json');
    assert.deepEqual([json.code, [...json.highlighted]], ['{\n  "a": 1\n}', [2]]);
    const untouched = applyMagicComments('// highlight-next-line\necho x', 'bash');
    assert.equal(untouched.code, '// highlight-next-line\necho x', 'bash comments start with #, so this is code');
  });

  test('mistakes fail with a message', () => {
    assert.throws(() => applyMagicComments('# highlight-start\nx', 'python'), /highlight-start is never closed/);
    assert.throws(() => applyMagicComments('x\n# highlight-end', 'python'), /highlight-end without a highlight-start/);
    assert.throws(() => applyMagicComments('x\n# highlight-next-line', 'python'), /no line to highlight/);
    assert.throws(() => wrapLines(['a', 'b'], {highlighted: new Set([3])}), /line 3 is highlighted, but the block has 2 lines/);
  });
});

describe('code blocks with line features', () => {
  test('highlighted lines are marks, every line keeps its newline, numbers come from the meta', () => {
    const properties = render('a = 1\nb = 2\nc = 3', 'python', 'title="x.py" {2} showLineNumbers=5');
    assert.equal(properties.title, 'x.py');
    assert.equal(properties.lineNumbersStart, 5);
    const html = String(properties.html);
    assert.equal(html.match(/<span class="theme-code-line">/g)?.length, 2);
    assert.match(
      html,
      /\n<mark class="theme-code-line theme-code-line--highlighted">b <span class="token operator">=<\/span> <span class="token number">2<\/span><\/mark>\n/,
    );
    assert.equal(html.replace(/<[^>]+>/g, ''), 'a = 1\nb = 2\nc = 3', 'the text is the code, for the copy button');
  });

  test('a block without line features keeps the one-piece markup, byte for byte', () => {
    const code = 'tower deploy\ntower run';
    assert.equal(render(code, 'bash').html, highlightToHtml(code, 'bash'));
    assert.equal(render(code, 'bash').lineNumbersStart, undefined);
  });

  test('a mistake fails the build naming the page', () => {
    assert.throws(() => render('one line', 'bash', '{4}'), /^Error: docs\/page\.md: code block: line 4 is highlighted, but the block has 1 line$/);
    assert.throws(() => render('# highlight-start\nx', 'bash'), /docs\/page\.md: code block: line 1: highlight-start is never closed/);
  });
});
