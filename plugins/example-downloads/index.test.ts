import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {Element, Root} from 'hast';
import {listProjects, projectFiles, slugOfDownload, zipProject} from './projects';
import {markDownloadLinks} from './rehype';

let root = '';
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
  writeFileSync(path.join(root, rel), text);
};

before(() => {
  root = mkdtempSync(path.join(tmpdir(), 'example-downloads-'));
  write('examples/demo/README.md', '# Demo\n');
  write('examples/demo/app/Towerfile', '[app]\nname = "demo"\nscript = "./main.py"\n');
  write('examples/demo/app/main.py', 'print("demo")\n');
  write('examples/demo/app/__pycache__/main.cpython-311.pyc', 'bytecode');
  write('examples/demo/app/stale.pyc', 'bytecode');
  write('examples/demo/app/.venv/bin/python', 'not in the zip');
  write('examples/other/README.md', '# Other\n');
});
after(() => rmSync(root, {recursive: true, force: true}));

describe('example projects', () => {
  test('are the folders of examples/, each with its files minus caches and virtual environments', () => {
    assert.deepEqual(
      listProjects(root).map((p) => p.slug),
      ['demo', 'other'],
    );
    assert.deepEqual(projectFiles(path.join(root, 'examples/demo')), ['README.md', 'app/Towerfile', 'app/main.py']);
  });

  test('need a folder name that works as a file name in a URL', () => {
    write('examples/Bad Name/README.md', 'x');
    try {
      assert.throws(() => listProjects(root), /examples\/Bad Name: .*lower-case letters, digits and dashes/);
    } finally {
      rmSync(path.join(root, 'examples/Bad Name'), {recursive: true});
    }
  });
});

describe('the zip of a project', () => {
  test('is the same bytes every time, whatever the time zone', () => {
    const demo = listProjects(root)[0];
    const first = zipProject(demo);
    const zoned = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `
      const {listProjects, zipProject} = require(${JSON.stringify(path.join(import.meta.dirname, 'projects.ts'))});
      process.stdout.write(Buffer.from(zipProject(listProjects(${JSON.stringify(root)})[0])).toString('base64'));
    `,
      ],
      {env: {...process.env, TZ: 'Pacific/Kiritimati'}, encoding: 'utf8'},
    );
    assert.equal(zoned.status, 0, zoned.stderr);
    assert.deepEqual(Buffer.from(zoned.stdout, 'base64'), Buffer.from(first));
    assert.deepEqual(zipProject(demo), first);
  });

  test('opens with an independent reader: every file under <slug>/, with its content and rw-r--r--', () => {
    const zipFile = path.join(root, 'demo.zip');
    writeFileSync(zipFile, zipProject(listProjects(root)[0]));
    const read = spawnSync(
      'python3',
      [
        '-c',
        `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps([[i.filename, z.read(i).decode(), i.external_attr >> 16, list(i.date_time)] for i in z.infolist()]))
`,
        zipFile,
      ],
      {encoding: 'utf8'},
    );
    assert.equal(read.status, 0, read.stderr);
    assert.deepEqual(JSON.parse(read.stdout), [
      ['demo/README.md', '# Demo\n', 0o100644, [2026, 1, 1, 0, 0, 0]],
      ['demo/app/Towerfile', '[app]\nname = "demo"\nscript = "./main.py"\n', 0o100644, [2026, 1, 1, 0, 0, 0]],
      ['demo/app/main.py', 'print("demo")\n', 0o100644, [2026, 1, 1, 0, 0, 0]],
    ]);
  });
});

describe('download links', () => {
  const link = (href: string): Element => ({type: 'element', tagName: 'a', properties: {href}, children: [{type: 'text', value: 'Download'}]});

  test('to a project become downloads that the router leaves to the browser', () => {
    const links = [link('/examples/demo.zip'), link('/docs/examples/intro'), link('/examples/demo.zip#x')];
    markDownloadLinks({type: 'root', children: links}, root, 'docs/examples/demo.md');
    assert.deepEqual(links[0].properties, {href: 'pathname:///examples/demo.zip', download: 'demo.zip', target: '_self'});
    assert.deepEqual(links[1].properties, {href: '/docs/examples/intro'});
    assert.deepEqual(links[2].properties, {href: '/examples/demo.zip#x'});
  });

  test('to a project that does not exist fail the build, naming the page', () => {
    const tree: Root = {type: 'root', children: [{type: 'element', tagName: 'p', properties: {}, children: [link('/examples/gone.zip')]}]};
    assert.throws(
      () => markDownloadLinks(tree, root, 'docs/examples/demo.md'),
      /^Error: docs\/examples\/demo\.md: the link \/examples\/gone\.zip needs an example project examples\/gone\/, which does not exist$/,
    );
  });

  test('are recognised by path only', () => {
    assert.equal(slugOfDownload('/examples/tables.zip'), 'tables');
    assert.equal(slugOfDownload('/examples/a/b.zip'), undefined);
    assert.equal(slugOfDownload('https://example.com/examples/tables.zip'), undefined);
  });
});
