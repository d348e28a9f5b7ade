import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Element, ElementContent, Root} from 'hast';
import {OPTIONS_CLASS, prepareTables, STACKED_CLASS} from './index';

const el = (tagName: string, children: ElementContent[] = [], properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const cell = (tag: 'th' | 'td', text: string) => el(tag, [{type: 'text', value: text}]);
const table = (headers: string[], rows: string[][], properties: Element['properties'] = {}) =>
  el(
    'table',
    [
      el('thead', [
        el(
          'tr',
          headers.map((h) => cell('th', h)),
        ),
      ]),
      el(
        'tbody',
        rows.map((row) =>
          el(
            'tr',
            row.map((c) => cell('td', c)),
          ),
        ),
      ),
    ],
    properties,
  );
const bodyCells = (t: Element) => ((t.children[1] as Element).children as Element[]).map((row) => (row.children as Element[]).map((c) => c.properties));

test('every table, however deep, gets tabIndex 0 and keeps its other properties', () => {
  const tree: Root = {
    type: 'root',
    children: [el('p', [{type: 'text', value: ''}]), el('table', [], {className: ['x']}), el('div', [el('table')])],
  };
  prepareTables(tree);
  const [paragraph, first, div] = tree.children as Element[];
  assert.deepEqual(paragraph.properties, {});
  assert.deepEqual(first.properties, {className: ['x'], tabIndex: 0});
  assert.deepEqual((div.children[0] as Element).properties, {tabIndex: 0});
});

test('an options table is stacked, with its middle cells labelled and an empty short flag marked', () => {
  const options = table(
    ['Name', 'Short', 'Type', 'Default', 'Description'],
    [
      ['--environment <ENV>', '-e', 'string', 'default', 'Environment.'],
      ['--dir <DIR>', '—', 'path', '.', 'Folder.'],
    ],
  );
  prepareTables({type: 'root', children: [options]});
  assert.deepEqual(options.properties.className, [STACKED_CLASS, OPTIONS_CLASS]);
  assert.deepEqual(bodyCells(options), [
    [{}, {}, {dataLabel: 'Type'}, {dataLabel: 'Default'}, {}],
    [{}, {dataEmpty: ''}, {dataLabel: 'Type'}, {dataLabel: 'Default'}, {}],
  ]);
});

test('other tables are stacked with their middle cells labelled; a one-column table is left alone', () => {
  const three = table(['Tool', 'What it is', 'Where to learn it'], [['CLI', 'A command line', 'Reference']]);
  const two = table(['Path', 'Contents'], [['app/', 'Your files']]);
  const one = table(['Release'], [['0.3.70']]);
  prepareTables({type: 'root', children: [three, two, one]});
  assert.deepEqual(three.properties.className, [STACKED_CLASS]);
  assert.deepEqual(bodyCells(three), [[{}, {dataLabel: 'What it is'}, {}]]);
  assert.deepEqual(two.properties.className, [STACKED_CLASS]);
  assert.deepEqual(bodyCells(two), [[{}, {}]]);
  assert.deepEqual(one.properties, {tabIndex: 0});
});
