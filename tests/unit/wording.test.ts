/**
 * Words the site spells one way everywhere, in the pages and in the site's own text
 * (navbar, footer, sidebar labels, home page). The reader-experience review found the
 * first page a new reader opens named four ways ("Quick Start", "Quickstart",
 * "Quick start", "Start the quick start").
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {listFiles} from '../../lib/files';
import {REPO_ROOT} from '../../lib/paths';

const SOURCES = [
  ...listFiles(path.join(REPO_ROOT, 'docs'), (file) => /\.mdx?$/.test(file)).map((file) => path.relative(REPO_ROOT, file)),
  ...listFiles(path.join(REPO_ROOT, 'src'), (file) => /\.(tsx?|css)$/.test(file)).map((file) => path.relative(REPO_ROOT, file)),
  'docusaurus.config.ts',
  'sidebars.ts',
];

/** The one spelling, and what a page must not write instead (paths such as /quick-start are not words). */
const SPELLINGS = [{word: 'Quickstart', not: /\bquick[ \u00a0]+start\b/i}];

test('the site spells Quickstart one way', () => {
  assert.ok(SOURCES.length > 50, `read ${SOURCES.length} files`);
  const found: string[] = [];
  for (const file of SOURCES) {
    const lines = readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const {word, not} of SPELLINGS) {
        const match = not.exec(line);
        if (match) found.push(`${file}:${index + 1}: "${match[0]}" (write "${word}")`);
      }
    });
  }
  assert.deepEqual(found, []);
});
