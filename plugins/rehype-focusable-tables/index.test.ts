import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Element, Root} from 'hast';
import {makeTablesFocusable} from './index';

test('every table, however deep, gets tabIndex 0 and keeps its other properties', () => {
  const tree: Root = {
    type: 'root',
    children: [
      {type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: ''}]},
      {type: 'element', tagName: 'table', properties: {className: ['x']}, children: []},
      {
        type: 'element',
        tagName: 'div',
        properties: {},
        children: [{type: 'element', tagName: 'table', properties: {}, children: []}],
      },
    ],
  };
  makeTablesFocusable(tree);
  const [paragraph, table, div] = tree.children as Element[];
  assert.deepEqual(paragraph.properties, {});
  assert.deepEqual(table.properties, {className: ['x'], tabIndex: 0});
  assert.deepEqual((div.children[0] as Element).properties, {tabIndex: 0});
});
