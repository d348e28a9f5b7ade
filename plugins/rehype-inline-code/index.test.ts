import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Element, ElementContent, Nodes, Root} from 'hast';
import {keepInlineCodeWhole, LONG_CLASS, WORDS_CLASS} from './index';

const code = (value: string): Element => ({type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value}]});
const paragraph = (...children: ElementContent[]): Element => ({type: 'element', tagName: 'p', properties: {}, children});

/** The element as markup, to compare shapes at a glance. */
const html = (node: ElementContent): string =>
  node.type === 'text'
    ? node.value
    : node.type === 'element'
      ? node.tagName === 'wbr'
        ? '<wbr>'
        : `<${node.tagName}${node.properties.className ? ` class="${String(node.properties.className)}"` : ''}>${node.children.map(html).join('')}</${node.tagName}>`
      : '';

const run = (...children: ElementContent[]) => {
  const tree: Root = {type: 'root', children: [paragraph(...children)]};
  keepInlineCodeWhole(tree);
  return html(tree.children[0] as Element);
};

test('short code is left as it is (the stylesheet keeps it on one line)', () => {
  assert.equal(
    run(code('--environment'), {type: 'text', value: ' and '}, code('*/15 * * * *')),
    '<p><code>--environment</code> and <code>*/15 * * * *</code></p>',
  );
  assert.equal(run(code('tower.run_app(name)')), '<p><code>tower.run_app(name)</code></p>');
});

test('long code wraps only between its words, each word kept whole; a very long word may break where it must', () => {
  assert.equal(
    run(code('tower secrets delete KEY --environment=production')),
    `<p><span class="${WORDS_CLASS}"><code>tower</code> <code>secrets</code> <code>delete</code> <code>KEY</code> <code>--environment=production</code></span></p>`,
  );
  assert.equal(run(code('SOURCES__FILESYSTEM__CREDENTIALS__AWS_KEY')), `<p><code class="${LONG_CLASS}">SOURCES__FILESYSTEM__CREDENTIALS__AWS_KEY</code></p>`);
  assert.equal(
    run(code('tower run --parameter=SOURCE_URL=https://api.github.com/repos/x')),
    `<p><span class="${WORDS_CLASS}"><code>tower</code> <code>run</code> <code class="${LONG_CLASS}">--parameter=SOURCE_URL=https://api.github.com/repos/x</code></span></p>`,
  );
});

test('no two elements stand side by side: the words are separated by their spaces, so text readers join them as written', () => {
  const html = run(code('tower apps create --name sales-report --description "Builds the daily sales report"'));
  assert.doesNotMatch(html, /<\/code><code|<\/code><wbr/);
});

test('the text is unchanged, and code blocks are left alone', () => {
  const long = 'tower run --parameter=SOURCE_URL=https://api.github.com/repos/tower/tower-examples';
  const tree: Root = {type: 'root', children: [paragraph(code(long)), {type: 'element', tagName: 'pre', properties: {}, children: [code(long)]}]};
  keepInlineCodeWhole(tree);
  const textOf = (node: Nodes): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map((child) => textOf(child)).join('') : '');
  assert.equal(textOf(tree.children[0] as Element), long);
  assert.equal(html(tree.children[1] as Element), `<pre><code>${long}</code></pre>`);
});
