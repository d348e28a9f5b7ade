/**
 * The reader tools in a real browser: the Towerfile checker page and the schedule explainer on the
 * Orchestrate guide and the CLI reference. Valid and invalid input, keyboard only, the reader's
 * text kept across reloads (also in a profile that blocks storage), phone width, axe in both colour
 * modes, and the tools' code loading only where (and when) they are used.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {PHONE, goto, openContext, settle, type Watched} from '../../lib/browser';
import {hashFor} from '../../src/components/TowerfileChecker/persist';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {openBlockedStorageProfile, storageAccess} from './support/blockedStorage';
import {useSite} from './support/site';
import {watchNetwork} from './support/waits';

const site = useSite();

const CHECKER = '/docs/reference/towerfile-checker';
const ORCHESTRATE = '/docs/using-tower/orchestrate';
const CLI_REFERENCE = '/docs/reference/tower-cli';
const STORAGE_KEY = 'tower.towerfileChecker.text';

/** Strings only the lazily loaded halves contain: Ajv's standalone messages, cron-parser's errors. */
const CHECKER_ENGINE = 'must NOT have fewer than';
const CRON_ENGINE = 'Constraint error';

const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  const label = el.getAttribute('aria-label') || (el.id && document.querySelector('label[for="' + el.id + '"]')?.textContent) || el.textContent || '';
  const href = el.getAttribute('href');
  return el.tagName.toLowerCase() + ': ' + label.replace(/\\s+/g, ' ').trim() + (href ? ' -> ' + href : '');
})()`;
const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<string>;

async function tabTo(page: Page, wanted: RegExp, key = 'Tab', limit = 250): Promise<void> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const stop = await focused(page);
    if (wanted.test(stop)) return;
    stops.push(stop);
  }
  throw new Error(`${key} never reached ${wanted}; last stops: ${stops.slice(-8).join(' | ')}`);
}

const editor = (page: Page) => page.getByLabel('Your Towerfile');
const summary = (page: Page) => page.locator('p.alert').first();
const problems = (page: Page) => page.getByRole('list', {name: 'Problems'}).getByRole('listitem');

async function openChecker(page: Page, hash = ''): Promise<void> {
  await goto(page, `${site.base}${CHECKER}${hash}`);
  await page.waitForFunction(() => !/Loading the checker/.test(document.querySelector('p.alert')?.textContent ?? 'Loading the checker'));
}

/** Waits until the checker has written the editor's text into the address (it waits a moment after typing). */
async function waitForSavedHash(page: Page): Promise<void> {
  const expected = hashFor(await editor(page).inputValue());
  await page.waitForFunction((hash) => location.hash === hash, expected);
}

function finish(watched: Pick<Watched, 'pageErrors' | 'offOrigin'>): void {
  assert.deepEqual(watched.pageErrors, []);
  assert.deepEqual(watched.offOrigin, [], 'no request leaves the site');
}

const BROKEN = [
  '[app]',
  'name = "orders-sync"',
  'script = "./sync.py"',
  'sources = ["./sync.py"]',
  '',
  '[[parameters]]',
  'name = "SINCE_DAYS"',
  'default = 1',
].join('\n');

/** The review's broken file: an unterminated string, and three problems after it. */
const EVERY_PROBLEM = [
  '[app]',
  'name = "invoice-export"',
  'script = "./export.py',
  'descripton = "Sends invoices"',
  'source = ["./export.py", "./pyproject.toml"]',
  '',
  '[[parameters]]',
  'name = "MONTHS_BACK"',
  'default = 1',
  'hidden = "yes"',
].join('\n');

describe('Towerfile checker', () => {
  test('the example is accepted and explained: app, script, packaged files, parameters with defaults', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    assert.equal(await summary(page).innerText(), 'Tower accepts this Towerfile.');
    const plan = page.getByRole('region', {name: 'What Tower will do with this Towerfile'});
    const text = await plan.innerText();
    assert.match(text, /invoice-export: tower deploy uploads a new version of this app/);
    assert.match(text, /\.\/export\.py with uv run/);
    assert.match(text, /Files matching \.\/export\.py, \.\/pyproject\.toml and \.\/templates\/\*\.sql/);
    assert.match(text, /\.\.\/common is packaged as modules\/common\/ and put on PYTHONPATH/);
    assert.match(text, /pyproject\.toml, if it exists, with uv sync/);
    const rows = await plan.locator('tbody tr').allInnerTexts();
    assert.deepEqual(
      rows.map((row) => row.split('\t').map((cell) => cell.trim())),
      [
        ['MONTHS_BACK', '1', 'Whole months to export, counting back from this one'],
        ['PARTNER_TOKEN hidden', 'empty', "Token for the partner's invoice API"],
      ],
    );
    assert.equal(await editor(page).getAttribute('aria-invalid'), 'false');
    finish(watched);
    await watched.context.close();
  });

  test('keyboard only: type a broken file, jump to a line, fix it, rename a misspelt key, follow a reference link', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    await tabTo(page, /^a: Skip to main content/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^textarea: Your Towerfile/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(BROKEN);

    await page.waitForFunction(() => /1 error and 1 warning/.test(document.querySelector('p.alert')?.textContent ?? ''));
    assert.equal(await summary(page).innerText(), '1 error and 1 warning: Tower would refuse this Towerfile.');
    assert.equal(await editor(page).getAttribute('aria-invalid'), 'true');
    const items = await problems(page).allInnerTexts();
    assert.equal(items.length, 2);
    assert.match(
      items[0],
      /Warning\s+Line 4\s+app\.sources\s+Unknown key "sources" in \[app\]: Tower ignores it, so it has no effect\.\s+Did you mean source\?\s+Rename to source\s+Reference: app\.source/,
    );
    assert.match(
      items[1],
      /Error\s+Line 8\s+parameters\[0\]\.default\s+"default" must be a string in quotes, but it is the number 1\. Write default = "1"\.\s+Reference: parameters\[\]\.default/,
    );
    const reference = problems(page).nth(0).getByRole('link', {name: 'Reference: app.source'});
    assert.equal(await reference.getAttribute('href'), '/docs/reference/towerfile#appsource');
    assert.equal(await page.getByRole('region', {name: 'What Tower will do with this Towerfile'}).count(), 0, 'no plan while there is an error');

    // "Go to line 8" puts the caret on that line; typing replaces it.
    await tabTo(page, /^button: Go to line 8$/);
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), 'textarea: Your Towerfile');
    assert.equal(await page.evaluate(`(() => { const t = document.activeElement; return t.value.slice(t.selectionStart, t.selectionEnd); })()`), 'default = 1');
    await page.keyboard.type('default = "1"');
    await page.waitForFunction(() => /with 1 warning/.test(document.querySelector('p.alert')?.textContent ?? ''));

    // "Rename to source" fixes the key and returns to the line.
    await tabTo(page, /^button: Rename to source$/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('p.alert')?.textContent === 'Tower accepts this Towerfile.');
    // Focus returns to the editor in the next frame, once the fixed text is in it.
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    assert.equal(await editor(page).inputValue(), BROKEN.replace('sources =', 'source =').replace('default = 1', 'default = "1"'));

    // The plan's link to app.script leads to that entry of the reference.
    await tabTo(page, /^a: app\.script -> \/docs\/reference\/towerfile#appscript$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/docs/reference/towerfile#appscript`);
    await page.waitForFunction(() => {
      const heading = document.getElementById('appscript');
      return heading !== null && heading.getBoundingClientRect().top >= 0 && heading.getBoundingClientRect().top < innerHeight;
    });
    finish(watched);
    await watched.context.close();
  });

  test('a reference link followed right after an edit keeps its own address, and its heading shows', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    await editor(page).fill(BROKEN.replace('sources =', 'source =').replace('default = 1', 'default = "1"'));
    await page.waitForFunction(() => document.querySelector('p.alert')?.textContent === 'Tower accepts this Towerfile.');
    // The next page's code arrives later than the checker saves an edit into the address (300 ms),
    // so the checker is still on screen, with a save pending, when the address changes.
    await page.route('**/assets/js/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await editor(page).press('End');
    await editor(page).press('Enter');
    await page.getByRole('link', {name: 'app.script', exact: true}).click();
    await page.waitForFunction(() => document.getElementById('appscript') !== null);
    await page.waitForFunction(() => {
      const heading = document.getElementById('appscript');
      return heading !== null && heading.getBoundingClientRect().top >= 0 && heading.getBoundingClientRect().top < innerHeight;
    });
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, '/docs/reference/towerfile#appscript');
    finish(watched);
    await watched.context.close();
  });

  test('a TOML syntax error shows its line and column in plain words; clearing the file asks for one', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    await editor(page).fill('[app]\nname = "hello\nscript = "main.py"');
    await page.waitForFunction(() => /1 error/.test(document.querySelector('p.alert')?.textContent ?? ''));
    const [item] = await problems(page).allInnerTexts();
    assert.match(item, /^Error\s+Line 2:\d+\s+This string has no closing quote: end it with " on the same line\./);
    assert.equal(await problems(page).nth(0).getByRole('link').getAttribute('href'), '/docs/reference/towerfile#common-errors');
    await page.getByRole('button', {name: 'Clear'}).click();
    await page.waitForFunction(() => document.querySelector('p.alert')?.textContent === 'Paste or type a Towerfile to check it.');
    assert.equal(await problems(page).count(), 0);
    finish(watched);
    await watched.context.close();
  });

  test('keeps the text in the address and in local storage, so a reload or a later visit brings it back', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    const text = '[app]\nname = "kept"\nscript = "run.py"\n# Zürich ✓\n';
    await editor(page).fill(text);
    await waitForSavedHash(page);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY), text);
    await page.reload();
    await openChecker(page, new URL(page.url()).hash);
    assert.equal(await editor(page).inputValue(), text, 'from the address after a reload');
    await openChecker(page);
    assert.equal(await editor(page).inputValue(), text, 'from local storage on a later visit without the hash');
    // A shared link wins over what this browser stored, opened in a new tab or pasted into this one.
    const shared = (await page.evaluate(`'#towerfile=' + btoa('[app]\\nname = "shared"\\nscript = "s.py"').replace(/=+$/, '')`)) as string;
    const tab = await watched.context.newPage();
    await openChecker(tab, shared);
    assert.match(await editor(tab).inputValue(), /name = "shared"/);
    await tab.close();
    await page.evaluate((hash) => void (location.hash = hash), shared);
    await page.waitForFunction(() => (document.querySelector('textarea') as HTMLTextAreaElement).value.includes('name = "shared"'));
    finish(watched);
    await watched.context.close();
  });

  test('works in a browser profile that blocks storage: checks as you type, reload keeps the text', async () => {
    const blocked = await openBlockedStorageProfile(site.base);
    const {page} = blocked;
    await openChecker(page);
    assert.equal(await storageAccess(page), 'SecurityError', 'the profile really blocks storage');
    await editor(page).fill('[app]\nname = "private"\nscript = "main.py"\nsorce = []');
    await page.waitForFunction(() => /with 1 warning/.test(document.querySelector('p.alert')?.textContent ?? ''));
    await waitForSavedHash(page);
    await page.reload();
    await openChecker(page, new URL(page.url()).hash);
    assert.match(await editor(page).inputValue(), /name = "private"/);
    assert.match((await problems(page).allInnerTexts())[0], /Did you mean source\?/);
    finish(blocked);
    await blocked.close();
  });

  test('a syntax error hides nothing: every problem is listed, and each problem line is marked in the editor', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    await editor(page).fill(EVERY_PROBLEM);
    await page.waitForFunction(() => /3 errors and 1 warning/.test(document.querySelector('p.alert')?.textContent ?? ''));
    const items = await problems(page).allInnerTexts();
    assert.deepEqual(
      items.map((item) => item.split('\n\n')[0].replace(/\s+/g, ' ').trim()),
      ['Error Line 3:22', 'Warning Line 4 app.descripton', 'Error Line 9 parameters[0].default', 'Error Line 10 parameters[0].hidden'],
    );
    assert.match(items[0], /This string has no closing quote/);
    // Each line with a problem has a band behind it in the editor, level with its line number.
    const bands = await page.evaluate(() => {
      const field = document.querySelector('textarea')!.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(document.querySelector('textarea')!).lineHeight);
      const top = field.top + parseFloat(getComputedStyle(document.querySelector('textarea')!).paddingTop);
      return Array.from(document.querySelectorAll('[class*="mark-"]')).map((band) => {
        const box = band.getBoundingClientRect();
        return {line: Math.round((box.top - top) / lineHeight) + 1, kind: /mark-error/.test(band.className) ? 'error' : 'warning'};
      });
    });
    assert.deepEqual(bands, [
      {line: 3, kind: 'error'},
      {line: 4, kind: 'warning'},
      {line: 9, kind: 'error'},
      {line: 10, kind: 'error'},
    ]);
    // The fix is a real button.
    const fix = problems(page).nth(1).getByRole('button', {name: 'Rename to description'});
    assert.match((await fix.getAttribute('class')) ?? '', /\bbutton\b/);
    finish(watched);
    await watched.context.close();
  });

  /** The checker's address for a Towerfile, as a shared link carries it. */
  const linkTo = (page: Page, text: string) =>
    page.evaluate(
      (t) =>
        '#towerfile=' +
        btoa(String.fromCharCode(...new TextEncoder().encode(t)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, ''),
      text,
    ) as Promise<string>;

  test('a link carrying thousands of problems: checked off the page, the first hundred listed and the rest counted', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const keys = Array.from({length: 3000}, (_, i) => `k${i} = 1`).join('\n');
    const hash = await linkTo(page, `[app]\nname = "x"\nscript = "main.py"\n${keys}`);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await goto(page, `${site.base}${CHECKER}${hash}`);
    await page.waitForFunction(() => /3,000 warnings/.test(document.querySelector('p.alert')?.textContent ?? ''));
    assert.equal(await summary(page).innerText(), 'Tower accepts this Towerfile, with 3,000 warnings.');
    assert.equal(await problems(page).count(), 100);
    await page.getByText('And 2,900 more problems, not listed: fix these and check again.').waitFor();
    assert.equal(workers.length, 1, 'the large file was checked in a worker');
    assert.equal(new URL(workers[0]).origin, new URL(site.base).origin);
    finish(watched);
    await watched.context.close();
  });

  test('a link holding more text than the checker opens says so, and leaves the editor as it was', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const hash = await linkTo(page, `[app]\nname = "x"\nscript = "main.py"\n${Array.from({length: 10000}, (_, i) => `k${i} = 1`).join('\n')}`);
    await openChecker(page, hash);
    await page.getByText('and the checker opens up to 32 KiB that way', {exact: false}).waitFor();
    assert.match(await editor(page).inputValue(), /name = "invoice-export"/, 'the example, not the long text');
    assert.ok(page.url().endsWith(hash), 'the link itself is kept');
    finish(watched);
    await watched.context.close();
  });

  test('a source glob that would freeze a regular expression gets a message, and the page carries on', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openChecker(page);
    await editor(page).fill(`[app]\nname = "x"\nscript = "./main.py"\nsource = ["./main.py", "${'{a,b}'.repeat(5000)}"]`);
    await page.waitForFunction(() => /with 1 warning/.test(document.querySelector('p.alert')?.textContent ?? ''));
    assert.match((await problems(page).allInnerTexts())[0], /The checker does not read entry 2 of "source": it is 25000 characters long/);
    finish(watched);
    await watched.context.close();
  });

  test('at phone width the page does not scroll sideways and the results fit', async () => {
    const watched = await openContext(site.browser, site.base, {viewport: PHONE});
    const {page} = watched;
    await openChecker(page);
    await editor(page).fill(BROKEN);
    await page.waitForFunction(() => /Tower would refuse/.test(document.querySelector('p.alert')?.textContent ?? ''));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
    const box = (await problems(page).nth(0).boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box));
    await page.getByRole('button', {name: 'Load the example'}).click();
    await page.getByRole('region', {name: 'Parameters'}).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll with the plan');
    finish(watched);
    await watched.context.close();
  });
});

const explainer = (page: Page) => page.getByLabel('Cron expression');
const explainerRegion = (page: Page) => page.getByRole('region', {name: 'Schedule explainer'});
/** The field-by-field row of the expression: each field's value and name, and which is marked wrong. */
const fieldRow = (page: Page) =>
  explainerRegion(page)
    .getByRole('list', {name: 'Fields'})
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => ({text: (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), border: getComputedStyle(item).borderTopColor})),
    );
const explainerError = (page: Page) => explainerRegion(page).locator('[id$="-error"]');

/** Scrolls the explainer into view (which loads its code) and waits for its first answer. */
async function showExplainer(page: Page): Promise<void> {
  await explainer(page).scrollIntoViewIfNeeded();
  await page.getByRole('region', {name: 'Next runs'}).or(explainerError(page)).first().waitFor();
}

/** Each next run, its cells in order: a row of the table (two zones), or an entry of the list (the reader is on UTC). */
const runRows = async (page: Page) =>
  (await page.getByRole('region', {name: 'Next runs'}).locator('tbody tr, ol > li').allInnerTexts()).map((row) => row.split('\t').map((c) => c.trim()));

/** The Orchestrate page's explainer, shown to a reader in `timezoneId` on 1 January 2027 (a Friday), 00:00 UTC. */
async function orchestrateExplainerIn(timezoneId: string): Promise<Watched> {
  const watched = await openContext(site.browser, site.base, {timezoneId});
  await watched.page.clock.setFixedTime(new Date('2027-01-01T00:00:00Z'));
  await goto(watched.page, `${site.base}${ORCHESTRATE}`);
  await showExplainer(watched.page);
  return watched;
}

describe('schedule explainer', () => {
  test("explains the expression with runs in UTC and in the reader's zone, and the command to create it", async () => {
    const watched = await orchestrateExplainerIn('America/New_York');
    const {page} = watched;
    const box = explainerRegion(page);
    // Its own heading, one level below the section it sits in (Schedule syntax, an H3).
    assert.equal(await box.getByRole('heading', {level: 4}).innerText(), 'Schedule explainer');
    assert.match(await box.innerText(), /Runs: At 09:00, Monday through Friday \(UTC\)\./);
    assert.equal(await page.getByRole('columnheader', {name: /Your time/}).innerText(), 'Your time (America/New_York)');
    assert.deepEqual(await runRows(page), [
      ['Fri, 1 Jan 2027, 09:00', 'Fri, 1 Jan 2027, 04:00'],
      ['Mon, 4 Jan 2027, 09:00', 'Mon, 4 Jan 2027, 04:00'],
      ['Tue, 5 Jan 2027, 09:00', 'Tue, 5 Jan 2027, 04:00'],
      ['Wed, 6 Jan 2027, 09:00', 'Wed, 6 Jan 2027, 04:00'],
      ['Thu, 7 Jan 2027, 09:00', 'Thu, 7 Jan 2027, 04:00'],
    ]);
    assert.equal(await box.locator('pre code').innerText(), 'tower schedules create --app repo-stats --cron "0 9 * * 1-5"');
    finish(watched);
    await watched.context.close();
  });

  test('a reader on UTC sees each run once, and is told it is also their time', async () => {
    const watched = await orchestrateExplainerIn('UTC');
    const {page} = watched;
    const runs = page.getByRole('region', {name: 'Next runs'});
    // One zone: a plain list of times under a line that names it, not a table of one column.
    assert.equal(await runs.getByRole('table').count(), 0);
    const list = runs.getByRole('list', {name: 'Next 5 runs, in UTC, which is also your time (UTC):'});
    assert.deepEqual((await list.getByRole('listitem').allInnerTexts()).slice(0, 2), ['Fri, 1 Jan 2027, 09:00', 'Mon, 4 Jan 2027, 09:00']);
    finish(watched);
    await watched.context.close();
  });

  test('keyboard only: invalid expressions get a clear message, a suggestion can be taken, both day fields get a note', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await page.clock.setFixedTime(new Date('2027-01-01T00:00:00Z'));
    await goto(page, `${site.base}${CLI_REFERENCE}#tower-schedules-create`);
    await tabTo(page, /^input: Cron expression$/);
    await showExplainer(page);
    const input = explainer(page);
    const error = explainerError(page);

    await page.keyboard.press('Control+A');
    await page.keyboard.type('61 * * * *');
    assert.equal(await error.innerText(), 'The minute field takes 0–59, not 61.');
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    // The input and the wrong field are outlined in the danger colour; the other fields are not.
    const danger = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-danger').trim());
    const dangerRgb = await page.evaluate((colour) => {
      const probe = document.createElement('span');
      probe.style.color = colour;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    }, danger);
    assert.equal(await input.evaluate((el) => getComputedStyle(el).borderTopColor), dangerRgb);
    const fields = await fieldRow(page);
    assert.deepEqual(
      fields.map((f) => f.text),
      ['61 minute (wrong)', '* hour', '* day of month', '* month', '* day of week'],
    );
    assert.deepEqual(
      fields.map((f) => f.border === dangerRgb),
      [true, false, false, false, false],
    );
    assert.match((await input.getAttribute('aria-describedby'))!, /-error$/);
    await explainerRegion(page).getByRole('status').filter({hasText: 'minute field'}).waitFor();

    await page.keyboard.press('Control+A');
    await page.keyboard.type('every 15 minutes');
    assert.match(await error.innerText(), /Plain-English schedules come from the legacy Towerfile schedule key/);
    await tabTo(page, /^button: \*\/15 \* \* \* \*$/);
    await page.keyboard.press('Enter');
    assert.equal(await input.inputValue(), '*/15 * * * *');
    assert.equal(await focused(page), 'input: Cron expression', 'the reader is back in the input');
    await page.getByText('Every 15 minutes (UTC).', {exact: false}).waitFor();
    assert.equal(await input.getAttribute('aria-invalid'), 'false');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('0 8 1 * 1');
    await page.getByText('Both day of month and day of week are set.', {exact: false}).waitFor();
    assert.deepEqual(
      (await runRows(page)).map((row) => row[0]),
      ['Fri, 1 Jan 2027, 08:00', 'Mon, 4 Jan 2027, 08:00', 'Mon, 11 Jan 2027, 08:00', 'Mon, 18 Jan 2027, 08:00', 'Mon, 25 Jan 2027, 08:00'],
    );
    assert.equal(await explainerRegion(page).locator('pre code').innerText(), 'tower schedules create --app orders-sync --cron "0 8 1 * 1"');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('0 0 30 2 *');
    assert.equal(await error.innerText(), 'This expression never runs: none of its months has that day of the month.');

    // A value named twice is a schedule that runs, with the form without repeats offered.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0 0 * * 0,7');
    await page.getByText('This expression names some times twice', {exact: false}).waitFor();
    assert.equal(await error.count(), 0);
    assert.deepEqual(
      (await runRows(page)).map((row) => row[0]),
      ['Sun, 3 Jan 2027, 00:00', 'Sun, 10 Jan 2027, 00:00', 'Sun, 17 Jan 2027, 00:00', 'Sun, 24 Jan 2027, 00:00', 'Sun, 31 Jan 2027, 00:00'],
    );
    await explainerRegion(page).getByRole('button', {name: '0 0 * * 0'}).click();
    assert.equal(await input.inputValue(), '0 0 * * 0');
    finish(watched);
    await watched.context.close();
  });

  test('at phone width the explainer fits, its runs table included (dates wrap before their time)', async () => {
    const watched = await openContext(site.browser, site.base, {viewport: PHONE});
    const {page} = watched;
    await goto(page, `${site.base}${ORCHESTRATE}`);
    await showExplainer(page);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
    const box = (await explainer(page).boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box));
    const runs = explainerRegion(page).getByRole('region', {name: 'Next runs'});
    assert.ok(await runs.evaluate((region) => region.scrollWidth <= region.clientWidth), 'the next runs fit without scrolling sideways');
    finish(watched);
    await watched.context.close();
  });
});

describe('the tools load their code only where, and when, they are used', () => {
  /** The JavaScript bodies a visit downloads (idle prefetches included), by URL. */
  async function scriptsOf(page: Page, visit: () => Promise<void>): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      pending.push(
        response.text().then(
          (body) => void bodies.set(response.url(), body),
          () => undefined,
        ),
      );
    });
    await visit();
    await Promise.all(pending);
    return bodies;
  }
  const anyContains = (bodies: Map<string, string>, marker: string) => [...bodies.values()].some((body) => body.includes(marker));

  test('a docs page never downloads either engine, even after idle prefetching of the sidebar', async () => {
    const watched = await openContext(site.browser, site.base);
    const network = watchNetwork(watched.page);
    const bodies = await scriptsOf(watched.page, async () => {
      // Prefetching starts a moment after load and works off the sidebar's routes one idle period at a time.
      const prefetching = watched.page.waitForRequest(async (request) => /prefetch/.test((await request.allHeaders())['sec-purpose'] ?? ''));
      await goto(watched.page, `${site.base}/docs/reference/towerfile`);
      await prefetching;
      await network.quiet();
    });
    assert.ok(bodies.size > 3);
    assert.equal(anyContains(bodies, CHECKER_ENGINE), false);
    assert.equal(anyContains(bodies, CRON_ENGINE), false);
    await watched.context.close();
  });

  test('the checker page loads the checker engine; the explainer loads its engine once scrolled into view', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const checker = await scriptsOf(page, () => openChecker(page));
    assert.equal(anyContains(checker, CHECKER_ENGINE), true);
    assert.equal(anyContains(checker, CRON_ENGINE), false);

    const before = await scriptsOf(page, async () => {
      await goto(page, `${site.base}${ORCHESTRATE}`);
      await settle(page);
    });
    assert.equal(anyContains(before, CRON_ENGINE), false, 'not loaded while the explainer is off screen');
    const after = await scriptsOf(page, () => showExplainer(page));
    assert.equal(anyContains(after, CRON_ENGINE), true);
    await watched.context.close();
  });
});

describe('accessibility of the tools (axe-core)', () => {
  for (const look of LOOKS) {
    test(`no violations, ${look.device}, ${look.theme}`, async () => {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      await page.clock.setFixedTime(new Date('2027-01-01T00:00:00Z'));
      const found: string[] = [];
      const check = async (state: string) => {
        assert.equal(await page.locator('html').getAttribute('data-theme'), look.theme);
        for (const violation of await axeViolations(page)) found.push(`${state}: ${violation}`);
      };
      await openChecker(page);
      await check('checker, valid file with its plan');
      await editor(page).fill(BROKEN);
      await problems(page).nth(1).waitFor();
      await check('checker with problems');
      await goto(page, `${site.base}${ORCHESTRATE}`);
      await showExplainer(page);
      await explainer(page).fill('0 8 1 * 1');
      await page.getByText('Both day of month and day of week are set.', {exact: false}).waitFor();
      await check('explainer with runs and the note');
      await explainer(page).fill('every 15 minutes');
      await explainerError(page).waitFor();
      await check('explainer with an error');
      assert.deepEqual(found, []);
      await context.close();
    });
  }
});
