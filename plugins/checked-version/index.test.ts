import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {checkedCliVersion, insertCheckedVersion, isCheckedReferencePage} from './index';
import type {MdastNode} from '../reader-tools';

test('the version comes from the CLI manifest, and a bad manifest fails with its name', () => {
  assert.match(checkedCliVersion(), /^\d+\.\d+\.\d+/);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'checked-version-'));
  try {
    writeFileSync(path.join(dir, 'm.json'), '{"globalFlags": []}');
    assert.throws(() => checkedCliVersion(path.join(dir, 'm.json')), /data\/cli-manifest\.json: "cliVersion" must be a version/);
    assert.throws(() => checkedCliVersion(path.join(dir, 'missing.json')), /data\/cli-manifest\.json: cannot read/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('only the three checked reference pages get the sentence, right after the H1', () => {
  assert.equal(isCheckedReferencePage('/repo/docs/reference/tower-cli.md'), true);
  assert.equal(isCheckedReferencePage('/repo/docs/reference/towerfile.md'), true);
  assert.equal(isCheckedReferencePage('/repo/docs/reference/towerfile-checker.md'), false);
  assert.equal(isCheckedReferencePage('/repo/docs/concepts/apps.md'), false);
  const tree: MdastNode = {type: 'root', children: [{type: 'yaml'}, {type: 'heading', children: []}, {type: 'paragraph', children: []}]};
  (tree.children![1] as {depth?: number}).depth = 1;
  insertCheckedVersion(tree, '9.8.7');
  assert.deepEqual(
    tree.children!.map((n) => n.type),
    ['yaml', 'heading', 'paragraph', 'paragraph'],
  );
  assert.equal(tree.children![2].children![0].children![0].value, 'The samples on this page are checked against tower-cli 9.8.7 every time the site is built.');
  // Docusaurus has already wrapped the H1 in a <header> element when this plugin runs.
  const h1: MdastNode = {type: 'heading', children: []};
  (h1 as {depth?: number}).depth = 1;
  const wrapped: MdastNode = {
    type: 'root',
    children: [
      {type: 'mdxJsxFlowElement', name: 'header', children: [h1]},
      {type: 'paragraph', children: []},
    ],
  };
  insertCheckedVersion(wrapped, '1.2.3');
  assert.deepEqual(
    wrapped.children!.map((n) => n.type),
    ['mdxJsxFlowElement', 'paragraph', 'paragraph'],
  );
  assert.equal(wrapped.children![1].children![0].type, 'emphasis');
});
