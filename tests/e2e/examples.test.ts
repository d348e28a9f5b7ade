/**
 * The example pages as a reader meets them: every file they include is shown
 * exactly as it is in examples/ (and in the Markdown twin), and each project
 * downloads as a zip with the same bytes the build wrote, without leaving
 * the page or the site.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {REPO_ROOT} from '../../lib/paths';
import {listDocFiles} from '../../scripts/samples/check-all';
import {defaultTitle, findIncludeFences} from '../../plugins/include-file/expand';
import {listProjects, zipProject} from '../../plugins/example-downloads/projects';
import {goto, openContext, PHONE} from '../../lib/browser';
import {useSite} from './support/site';

const site = useSite();

/** Every page with include fences, as its route and the files it shows. */
const PAGES = listDocFiles(REPO_ROOT)
  .map((file) => ({file, includes: findIncludeFences(readFileSync(path.join(REPO_ROOT, file), 'utf8'))}))
  .filter((page) => page.includes.length > 0)
  .map((page) => ({route: `/${page.file.replace(/\.mdx?$/, '')}`, files: page.includes.map((include) => include.file)}));

const fileText = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\n$/, '');

describe('example pages', () => {
  test('show every included file exactly as the project holds it, titled with its path', async () => {
    assert.ok(PAGES.length >= 5, `the example pages include their projects (found ${PAGES.length} pages)`);
    const {page, context, offOrigin, pageErrors} = await openContext(site.browser, site.base);
    for (const {route, files} of PAGES) {
      await goto(page, `${site.base}${route}`);
      const shown = await page
        .locator('.theme-code-block')
        .evaluateAll((blocks) =>
          blocks.map((block) => ({title: block.querySelector('[class^="title"]')?.textContent ?? '', code: block.querySelector('pre')?.innerText ?? ''})),
        );
      for (const file of files) {
        const block = shown.find((candidate) => candidate.title === defaultTitle(file));
        assert.ok(block, `${route} shows a block titled ${defaultTitle(file)}`);
        assert.equal(block.code.replace(/\n$/, ''), fileText(file), `${route}: ${file}`);
      }
    }
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('carry the included files into their Markdown twins', async () => {
    for (const {route, files} of PAGES) {
      const twin = await (await fetch(`${site.base}${route}.md`)).text();
      for (const file of files) assert.ok(twin.includes(fileText(file)), `${route}.md holds ${file}`);
    }
  });

  test('download their project as the zip the build wrote, on a phone, without leaving the page', async () => {
    const {page, context, offOrigin, pageErrors} = await openContext(site.browser, site.base, {viewport: PHONE, acceptDownloads: true});
    const tables = listProjects(REPO_ROOT).find((project) => project.slug === 'tables');
    assert.ok(tables, 'examples/tables exists');
    await goto(page, `${site.base}/docs/examples/tables`);
    const link = page.getByRole('link', {name: 'tables.zip'}).first();
    await link.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.equal(download.suggestedFilename(), 'tables.zip');
    const saved = readFileSync((await download.path())!);
    assert.deepEqual(saved, Buffer.from(zipProject(tables)), 'the bytes are the project as it is now');
    assert.equal(page.url(), `${site.base}/docs/examples/tables`);
    assert.equal(context.pages().length, 1, 'no new tab or window');
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('every project is served as a zip', async () => {
    for (const project of listProjects(REPO_ROOT)) {
      const response = await fetch(`${site.base}/examples/${project.slug}.zip`);
      assert.equal(response.status, 200, project.slug);
      assert.equal(response.headers.get('content-type'), 'application/zip');
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.from(zipProject(project)), project.slug);
    }
  });
});
