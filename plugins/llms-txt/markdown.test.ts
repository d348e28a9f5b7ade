import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {listFiles} from '../../lib/files';
import {readMarkdown} from '../../lib/markdown';
import {REPO_ROOT} from '../../lib/paths';
import {applyMagicComments} from '../code-highlight/lines';
import {isDiagramLanguage} from '../diagrams/fence';
import {expandIncludes} from '../include-file/expand';
import {cleanMarkdown, MarkdownCleanError, outsideFences, tidy} from './markdown';

const options = {pageUrl: 'https://docs.example.com/docs/guide', siteUrl: 'https://docs.example.com', sourceName: 'docs/guide.md'};
const clean = (source: string, extra: Partial<typeof options> & {title?: string} = {}): string => cleanMarkdown(source, {...options, ...extra}).markdown;

describe('cleanMarkdown', () => {
  test('removes front matter and returns it parsed', () => {
    const result = cleanMarkdown('---\ntitle: Guide\ndescription: A guide.\n---\n\n# Guide\n\nBody.\n', options);
    assert.deepEqual(result.frontMatter, {title: 'Guide', description: 'A guide.'});
    assert.equal(result.markdown, '# Guide\n\nBody.\n');
  });

  test('adds the front-matter title as H1 when the body has none', () => {
    assert.equal(clean('---\ntitle: Guide\n---\nBody.\n'), '# Guide\n\nBody.\n');
  });

  test('fails, naming the file, on front matter that is not YAML', () => {
    assert.throws(
      () => clean('---\ntitle: [unclosed\n---\n# X\n'),
      (error: Error) => error instanceof MarkdownCleanError && /^docs\/guide\.md:2:\d+: the front matter is not valid YAML/.test(error.message),
    );
  });

  test('removes MDX imports and exports but keeps Python imports inside code', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import {Thing} from './thing';",
      'export const answer = {',
      '  value: 42,',
      '};',
      '',
      '# Guide',
      '',
      '```python',
      'import tower',
      'from tower import tables',
      '```',
      '',
    ].join('\n');
    const out = clean(source);
    assert.doesNotMatch(out, /@theme\/Tabs|\.\/thing|export const|value: 42/);
    assert.match(out, /```python\nimport tower\nfrom tower import tables\n```/);
  });

  test('removes JSX tags, keeps their text and turns tab labels into bold lines', () => {
    const source = [
      '# Guide',
      '',
      '<Tabs groupId="os">',
      '<TabItem value="mac" label="macOS">',
      '',
      'Use Homebrew.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      'Inline <Badge text="new" /> component and <Highlight color="red">kept text</Highlight>.',
      '',
      '<Card',
      '  title="Multi-line"',
      '/>',
      '',
      '{/* a comment for writers */}',
      '<!-- another comment -->',
      '',
      'Placeholders like `<catalog>.<table>` stay.',
      '',
    ].join('\n');
    const out = clean(source);
    assert.doesNotMatch(out, /<\/?(Tabs|TabItem|Badge|Highlight|Card)\b/);
    assert.doesNotMatch(out, /comment for writers|another comment|Multi-line/);
    assert.match(out, /\*\*macOS\*\*\n\nUse Homebrew\./);
    assert.match(out, /Inline {2}component and kept text\./);
    assert.match(out, /`<catalog>\.<table>` stay/);
  });

  test('turns admonitions into blockquotes with a bold label', () => {
    const source = [
      '# Guide',
      ':::tip[Check before you deploy]',
      'Run `tower apps list` first.',
      '',
      'Then deploy.',
      ':::',
      'After.',
      '',
      ':::warning',
      'Careful.',
      ':::',
    ].join('\n');
    assert.equal(
      clean(source),
      [
        '# Guide',
        '',
        '> **Tip: Check before you deploy**',
        '>',
        '> Run `tower apps list` first.',
        '>',
        '> Then deploy.',
        '',
        'After.',
        '',
        '> **Warning**',
        '>',
        '> Careful.',
        '',
      ].join('\n'),
    );
  });

  test('keeps code blocks inside admonitions and nested admonitions', () => {
    const source = ['::::note[Outer]', 'Text.', '```bash', 'tower deploy', '```', ':::danger', 'Inner.', ':::', '::::', ''].join('\n');
    const out = clean(source, {title: 'T'});
    assert.match(out, /> \*\*Note: Outer\*\*\n>\n> Text\.\n> ```bash\n> tower deploy\n> ```\n> > \*\*Danger\*\*\n> >\n> > Inner\./);
    assert.doesNotMatch(out, /:::/);
  });

  test('drops reader-tool directives (interactive, nothing to read), but not inside code', () => {
    const out = clean('# G\n\nBefore.\n\n::cron-explainer{app="daily" cron="0 6 * * *"}\n\n::towerfile-checker\n\nAfter.\n\n```text\n::kept\n```\n');
    assert.equal(out, '# G\n\nBefore.\n\nAfter.\n\n```text\n::kept\n```\n');
  });

  test('does not treat ::: inside code as an admonition', () => {
    const out = clean('# G\n\n```text\n:::tip\nnot one\n:::\n```\n');
    assert.match(out, /```text\n:::tip\nnot one\n:::\n```/);
  });

  test('fails, naming file and line, on an unclosed admonition or code block', () => {
    assert.throws(
      () => clean('# G\n\n:::note\ntext\n'),
      (error: Error) => {
        assert.ok(error instanceof MarkdownCleanError);
        assert.match(error.message, /docs\/guide\.md:3: admonition is never closed/);
        return true;
      },
    );
    assert.throws(() => clean('# G\n```python\nx = 1\n'), /docs\/guide\.md:2: code block is never closed/);
  });

  test('keeps the code language and title, drops the other Docusaurus meta', () => {
    const source = [
      '# G',
      '```python fragment="signature"',
      'run_app(name: str) -> Run',
      '```',
      '```toml title="Towerfile"',
      '[app]',
      '```',
      '```json title="package.json"',
      '{}',
      '```',
      '  ```bash showLineNumbers',
      '  tower version',
      '  ```',
    ].join('\n');
    const out = clean(source);
    assert.match(out, /```python\nrun_app\(name: str\) -> Run\n```/);
    assert.match(out, /```toml title="Towerfile"\n\[app\]\n```/);
    assert.match(out, /```json title="package\.json"\n\{\}\n```/);
    assert.match(out, / {2}```bash\n {2}tower version\n {2}```/);
    assert.doesNotMatch(out, /fragment=|showLineNumbers/);
  });

  test('copies code exactly, so a copied CSV, SQL or YAML file works: nothing is added inside a block', () => {
    const files = {
      csv: ['date,ticker,close', '2024-01-02,AAPL,185.64', '', '# not a comment in CSV'],
      sql: ['-- the name of the file is not part of it', 'SELECT 1;  ', '', '', 'SELECT 2;'],
      yaml: ['# dbt profile', 'default:', '\ttarget: dev', '  outputs: {}'],
    };
    for (const [language, lines] of Object.entries(files)) {
      const source = ['# G', '', `${language} file:`, '', `\`\`\`${language} title="data/file.${language}" {2} showLineNumbers`, ...lines, '```', ''].join(
        '\n',
      );
      const out = clean(source);
      assert.ok(out.includes(`\`\`\`${language} title="data/file.${language}"\n${lines.join('\n')}\n\`\`\`\n`), out);
    }
  });

  test('keeps code in a list item or a quote in its container, and leaves out highlight comments as the site does', () => {
    const out = clean(
      ['# G', '', '1. Save it:', '', '   ```python title="main.py"', '   import tower', '', '   # highlight-next-line', '   print(1)', '   ```', ''].join('\n'),
    );
    assert.match(out, /1\. Save it:\n\n {3}```python title="main\.py"\n {3}import tower\n\n {3}print\(1\)\n {3}```\n/);
    assert.match(clean('# G\n\n> ```text\n> quoted [link](/x)\n> ```\n'), /> ```text\n> quoted \[link\]\(\/x\)\n> ```/);
  });

  test('makes links absolute but leaves code alone', () => {
    const source = [
      '# G',
      'See [apps](/docs/concepts/apps#versions), [below](#setup), [site](https://tower.dev) and [mail](mailto:hello@tower.dev).',
      'Relative [runs](../concepts/runs.md#statuses) and [other](./other.md).',
      'Code `[x](/not/a/link)` stays.',
      '[ref]: /docs/intro',
      '```markdown',
      '[inside](/docs/code)',
      '```',
    ].join('\n');
    const out = clean(source, {
      // A resolver that knows one file; the other falls back to URL resolution.
      ...({
        resolveRelative: (href: string) => (href.startsWith('../concepts/runs.md') ? 'https://docs.example.com/docs/concepts/runs#statuses' : undefined),
      } as object),
    });
    assert.match(out, /\[apps\]\(https:\/\/docs\.example\.com\/docs\/concepts\/apps#versions\)/);
    assert.match(out, /\[below\]\(https:\/\/docs\.example\.com\/docs\/guide#setup\)/);
    assert.match(out, /\[site\]\(https:\/\/tower\.dev\)/);
    assert.match(out, /\[mail\]\(mailto:hello@tower\.dev\)/);
    assert.match(out, /\[runs\]\(https:\/\/docs\.example\.com\/docs\/concepts\/runs#statuses\)/);
    assert.match(out, /\[other\]\(https:\/\/docs\.example\.com\/docs\/other\)/);
    assert.match(out, /`\[x\]\(\/not\/a\/link\)`/);
    assert.match(out, /\[ref\]: https:\/\/docs\.example\.com\/docs\/intro/);
    assert.match(out, /\[inside\]\(\/docs\/code\)/);
  });

  test('strips heading ids', () => {
    assert.equal(clean('# Title {#custom}\n\n## Part {#part-id}\n'), '# Title\n\n## Part\n');
  });
});

describe('helpers', () => {
  test('tidy collapses blank lines and trailing spaces in prose but leaves code as it is', () => {
    const code = ['```python', 'def a():  ', '    pass', '', '', 'def b():', '    pass', '```'];
    assert.equal(tidy(['', 'Intro.   ', '', '', '', ...code, '', '', 'End.', '', ''].join('\n')), ['Intro.', '', ...code, '', 'End.', ''].join('\n'));
  });

  test('outsideFences skips code, even inside blockquotes', () => {
    assert.deepEqual(outsideFences('a\n```js\nb\n```\nc\n> ```\n> d\n> ```\ne'), ['a', 'c', 'e']);
  });
});

describe('the twins of the docs pages', () => {
  test('hold every code block of the page (included files too) exactly as the site shows it, with its title', () => {
    const docs = listFiles(path.join(REPO_ROOT, 'docs'), (file) => /\.mdx?$/.test(file) && !file.startsWith('reference/api/'));
    let blocks = 0;
    for (const file of docs) {
      const sourceName = path.relative(REPO_ROOT, file);
      const source = expandIncludes(readFileSync(file, 'utf8'), {siteDir: REPO_ROOT, sourceName}).markdown;
      const twin = readMarkdown(cleanMarkdown(source, {...options, sourceName}).markdown).fences;
      const shown = readMarkdown(source).fences;
      assert.deepEqual(
        twin.map((fence) => [fence.code, fence.attributes.get('title')]),
        // A diagram's title becomes the sentence before it.
        shown.map((fence) => [applyMagicComments(fence.code, fence.lang).code, isDiagramLanguage(fence.lang) ? undefined : fence.attributes.get('title')]),
        sourceName,
      );
      blocks += shown.length;
    }
    assert.ok(blocks > 300, `${blocks} code blocks`);
  });
});
