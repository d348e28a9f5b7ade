import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, test} from 'node:test';
import {createRequire} from 'node:module';
import {highlightToHtml, LANGUAGES} from './highlight';
import type {Element, Root} from 'hast';
import {highlightCodeBlocks, titleFromMeta} from './rehype';
import {PRISM_CLIENT_MODULE} from './index';

const codeBlock = (text: string, className?: string, metastring?: string): Element => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [
    {
      type: 'element',
      tagName: 'code',
      properties: {...(className ? {className: [className]} : {}), ...(metastring ? {metastring} : {})},
      children: [{type: 'text', value: text}],
    },
  ],
});
const root = (...children: Element[]): Root => ({type: 'root', children});
const codeOf = (pre: Element) => pre.children[0] as Element;

describe('build-time highlighting', () => {
  test('marks up tokens for every fence language the docs use', () => {
    assert.match(highlightToHtml('tower run --parameter=a=b', 'bash'), /<span class="token parameter variable">--parameter<\/span>/);
    assert.match(highlightToHtml('import tower', 'python'), /<span class="token keyword">import<\/span> tower/);
    assert.match(highlightToHtml('[app]\nname = "x"', 'toml'), /<span class="token table class-name">app<\/span>/);
    assert.match(highlightToHtml('{"a": 1}', 'json'), /<span class="token number">1<\/span>/);
    for (const language of Object.keys(LANGUAGES)) assert.doesNotThrow(() => highlightToHtml('x', language), language);
  });

  test('escapes the code, highlighted or plain, so it can never become markup', () => {
    const hostile = '<img src=x onerror=alert(1)> & </code>';
    for (const language of ['text', '', 'bash', 'python', 'json']) {
      const html = highlightToHtml(hostile, language);
      assert.doesNotMatch(html, /<img|<\/code>/, language);
      assert.match(html, /&lt;/, language);
    }
    assert.equal(highlightToHtml('a < b && c', 'text'), 'a &lt; b &amp;&amp; c');
  });

  test('an unknown fence language fails the build and names the page and the language', () => {
    assert.throws(
      () => highlightCodeBlocks(root(codeBlock('fn main() {}', 'language-rust')), 'docs/example.md'),
      /docs\/example\.md: code block language "rust" has no highlighter/,
    );
  });
});

describe('rehype plugin', () => {
  test('hands the highlighted markup and the title to the code element and drops its text', () => {
    const pre = codeBlock('[app]\nname = "hello"\n', 'language-toml', 'title="Towerfile"');
    highlightCodeBlocks(root(pre));
    const code = codeOf(pre);
    assert.equal(code.properties?.title, 'Towerfile');
    assert.match(String(code.properties?.html), /^<span class="token punctuation">\[<\/span>/);
    assert.doesNotMatch(String(code.properties?.html), /\n$/, 'the trailing newline is not part of the code');
    assert.deepEqual(code.properties?.className, ['language-toml']);
    assert.deepEqual(code.children, []);
  });

  test('a block without a language is shown as plain text; inline code is left alone', () => {
    const pre = codeBlock('<b>bold</b>');
    const inline: Element = {
      type: 'element',
      tagName: 'p',
      properties: {},
      children: [{type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value: 'x'}]}],
    };
    highlightCodeBlocks(root(pre, inline));
    assert.equal(codeOf(pre).properties?.html, '&lt;b&gt;bold&lt;/b&gt;');
    assert.equal(codeOf(pre).properties?.title, undefined);
    assert.deepEqual((inline.children[0] as Element).children, [{type: 'text', value: 'x'}]);
  });

  test('reads titles in either quote style and ignores other meta', () => {
    assert.equal(titleFromMeta('title="Example"'), 'Example');
    assert.equal(titleFromMeta('fragment="signature" title=\'A b\''), 'A b');
    assert.equal(titleFromMeta('fragment="signature"'), undefined);
    assert.equal(titleFromMeta(undefined), undefined);
  });
});

test('the replaced client module is the theme file that loads Prism in the browser', () => {
  const themeFile = createRequire(import.meta.url).resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
  assert.match(themeFile, PRISM_CLIENT_MODULE);
  assert.doesNotMatch(path.join('src', 'theme', 'prism-include-languages.js'), PRISM_CLIENT_MODULE);
});
