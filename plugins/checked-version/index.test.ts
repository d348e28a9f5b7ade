import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
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

test('@tower/cli-version: a module that exports the manifest version, aliased for the pages that import it', async () => {
  const {default: cliVersionModulePlugin, CLI_VERSION_MODULE} = await import('./module');
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'cli-version-'));
  try {
    const manifest = path.join(siteDir, 'data', 'cli-manifest.json');
    mkdirSync(path.dirname(manifest), {recursive: true});
    writeFileSync(manifest, '{"cliVersion": "1.2.3"}');
    const plugin = cliVersionModulePlugin({siteDir, generatedFilesDir: path.join(siteDir, '.generated')} as never);
    await plugin.loadContent!();
    const alias = (plugin.configureWebpack!({} as never, false, {} as never, {} as never) as {resolve: {alias: Record<string, string>}}).resolve.alias;
    assert.equal(readFileSync(alias[CLI_VERSION_MODULE], 'utf8'), 'export default "1.2.3";\n');
    writeFileSync(manifest, '{}');
    await assert.rejects(plugin.loadContent!() as Promise<unknown>, /"cliVersion" must be a version/);
  } finally {
    rmSync(siteDir, {recursive: true, force: true});
  }
});
