/**
 * The one Markdown reader (lib/markdown.ts): what is a code fence, what its attributes are, where
 * the front matter ends, and which lines the messages of every tool name.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {codeLines, fenceAttribute, MarkdownError, parseFenceMeta, readMarkdown} from '../../lib/markdown';

const FENCE = '```';
const md = (...lines: string[]) => lines.join('\n');
const fences = (source: string) => readMarkdown(source).fences;

describe('code fences', () => {
  test('have their language, meta, attributes, first line and text', () => {
    const [fence] = fences(md('# Title', '', `${FENCE}toml title="Towerfile" {2}`, '[app]', 'name = "x"', FENCE, 'after'));
    assert.equal(fence.lang, 'toml');
    assert.equal(fence.meta, 'title="Towerfile" {2}');
    assert.equal(fence.attributes.get('title'), 'Towerfile');
    assert.deepEqual([fence.line, fence.endLine, fence.closed], [3, 6, true]);
    assert.equal(fence.code, '[app]\nname = "x"');
  });

  test('open with tildes or backticks, with or without a language', () => {
    assert.deepEqual(
      fences(md('~~~python', 'x = 1', '~~~', '', FENCE, 'plain', FENCE)).map((f) => [f.lang, f.line, f.code, f.marker]),
      [
        ['python', 1, 'x = 1', '~~~'],
        ['', 5, 'plain', FENCE],
      ],
    );
  });

  test('hold a shorter fence, or one of the other character, as text', () => {
    const [outer, after] = fences(md('````markdown', `${FENCE}python`, 'def broken(:', FENCE, '````', `${FENCE}bash`, 'tower apps list', FENCE));
    assert.equal(outer.code, `${FENCE}python\ndef broken(:\n${FENCE}`);
    assert.deepEqual([after.lang, after.line], ['bash', 6]);
    assert.deepEqual(
      fences(md('~~~~text', FENCE, '~~~', '~~~~', '```text', '~~~', '```')).map((f) => f.code),
      [`${FENCE}\n~~~`, '~~~'],
    );
  });

  test('are not inline code with three backticks', () => {
    assert.deepEqual(fences('Use ```code``` inline.'), []);
  });

  test('in a list item or a quote lose the indentation only, and say what stands before them', () => {
    const [listed] = fences(md('1. Run:', '', `    ${FENCE}python`, '    def f():', '        return 1', `    ${FENCE}`));
    assert.equal(listed.code, 'def f():\n    return 1');
    assert.equal(listed.prefix, '    ');
    const [quoted] = fences(md('> ```yaml', '> key: value', '>   nested: true', '> ```'));
    assert.equal(quoted.code, 'key: value\n  nested: true');
    assert.equal(quoted.prefix, '> ');
  });

  test('keep their text byte for byte: blank lines, trailing spaces, tabs, comment-like lines', () => {
    const csv = ['# not a comment in CSV', 'a,b ', '', '', '\tc,d', '-- not SQL either'];
    assert.equal(fences(md(`${FENCE}csv title="data.csv"`, ...csv, FENCE))[0].code, csv.join('\n'));
  });

  test('that are never closed end where their container ends', () => {
    const [open] = fences(md('# G', `${FENCE}python`, 'x = 1', ''));
    assert.equal(open.closed, false);
    const [inTip, after] = fences(md(':::tip', `${FENCE}bash`, 'ls', ':::', '', `${FENCE}text`, 'x', FENCE));
    assert.deepEqual([inTip.closed, inTip.line, inTip.endLine], [false, 2, 3]);
    assert.equal(after.closed, true);
  });

  test('in MDX are found inside JSX, and indented code is not a fence', () => {
    const doc = readMarkdown(md("import Tabs from '@theme/Tabs';", '', '<Tabs>', '', `  ${FENCE}bash`, '  tower login', `  ${FENCE}`, '', '</Tabs>'), {
      mdx: true,
    });
    assert.deepEqual(
      doc.fences.map((f) => [f.lang, f.line]),
      [['bash', 5]],
    );
    assert.deepEqual(readMarkdown(md('Text.', '', '    indented code', '')).indentedCode, [3]);
  });

  test('cover the lines codeLines lists, fences included', () => {
    assert.deepEqual([...codeLines(readMarkdown(md('a', FENCE + 'js', 'b', FENCE, 'c', '> ```', '> d', '> ```', 'e')))], [2, 3, 4, 6, 7, 8]);
  });
});

describe('fence attributes', () => {
  test('are key="value" pairs, in either quote or none, and bare words', () => {
    const {attributes, words} = parseFenceMeta('title="My Towerfile" fragment=\'uses await\' app=repo-stats towerfile {1,3} showLineNumbers');
    assert.equal(attributes.get('title'), 'My Towerfile');
    assert.equal(attributes.get('fragment'), 'uses await');
    assert.equal(attributes.get('app'), 'repo-stats');
    assert.equal(attributes.get('towerfile'), true);
    assert.equal(attributes.get('showLineNumbers'), true);
    assert.deepEqual(words, ['{1,3}']);
    assert.equal(parseFenceMeta('fragment=""').attributes.get('fragment'), '');
  });

  test('are not found inside another attribute value', () => {
    assert.equal(fenceAttribute('title="profile=1"', 'profile'), undefined);
    assert.equal(fenceAttribute("title='x' file='a b.py'", 'file'), 'a b.py');
    assert.equal(fenceAttribute('showLineNumbers', 'showLineNumbers'), undefined, 'a bare word has no value');
  });
});

describe('front matter', () => {
  test('is parsed, and the body starts after it', () => {
    const doc = readMarkdown(md('---', 'title: Guide', 'toc_max_heading_level: 4', '---', '', '# Guide'));
    assert.deepEqual(doc.frontMatter, {title: 'Guide', toc_max_heading_level: 4});
    assert.equal(doc.bodyLine, 5);
    assert.deepEqual(readMarkdown('# No front matter').frontMatter, {});
    assert.equal(readMarkdown('# No front matter').bodyLine, 1);
  });

  test('that is not YAML fails with the line and column where the broken value starts', () => {
    assert.throws(
      () => readMarkdown(md('---', 'title: "Guide', 'sidebar_label: x', '---', '# Guide'), {sourceName: 'docs/guide.md'}),
      (error: unknown) => {
        assert.ok(error instanceof MarkdownError);
        assert.equal(error.line, 2);
        assert.match(error.message, /^docs\/guide\.md:2:8: the front matter is not valid YAML \(.*runs on to line 3\)$/);
        return true;
      },
    );
  });
});

describe('headings', () => {
  test('are found outside code and front matter, with their source text and custom id', () => {
    const doc = readMarkdown(
      md(
        '---',
        'title: x',
        '# not a heading: yaml comment',
        '---',
        '# Page',
        `${FENCE}bash`,
        '# a comment',
        FENCE,
        '## `tower apps` {#apps}',
        '### Closed ###',
      ),
    );
    assert.deepEqual(doc.headings, [
      {level: 1, text: 'Page', line: 5},
      {level: 2, text: '`tower apps`', id: 'apps', line: 9},
      {level: 3, text: 'Closed', line: 10},
    ]);
  });
});

test('MDX that does not parse names the source and the line', () => {
  assert.throws(
    () => readMarkdown(md('# Title', '', '<Tabs', ''), {mdx: true, sourceName: 'docs/x.mdx'}),
    (error: unknown) => error instanceof MarkdownError && /^docs\/x\.mdx:4: MDX does not parse/.test(error.message),
  );
});
