import assert from 'node:assert/strict';
import {test} from 'node:test';
import {makeTablesFocusable, type HastNode} from './index';

test('every table, however deep, gets tabIndex 0 and keeps its other properties', () => {
  const tree: HastNode = {
    type: 'root',
    children: [
      {type: 'element', tagName: 'p', properties: {}, children: [{type: 'text'}]},
      {type: 'element', tagName: 'table', properties: {className: ['x']}, children: []},
      {
        type: 'element',
        tagName: 'div',
        children: [{type: 'element', tagName: 'table', children: []}],
      },
    ],
  };
  makeTablesFocusable(tree);
  assert.deepEqual(tree.children![0].properties, {});
  assert.deepEqual(tree.children![1].properties, {className: ['x'], tabIndex: 0});
  assert.deepEqual(tree.children![2].children![0].properties, {tabIndex: 0});
});
