/**
 * Code-sample tabs remember the reader's language: every API page's samples are one tab group, so
 * a language picked on one page is shown on the next and after a reload, and `?lang=` links open
 * a page on a tab. In a browser profile that blocks storage the tabs and the links still work.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {CODE_LANGUAGE_TABS} from '../../src/constants';
import {goto, openContext, waitForHydration} from '../../lib/browser';
import {openBlockedStorageProfile, storageAccess} from './support/blockedStorage';
import {useSite} from './support/site';

const site = useSite();

/** Pages with the tower CLI sample (create-schedule, run-app) and one with only curl and Python. */
const WITH_CLI = '/docs/reference/api/create-schedule';
const ALSO_WITH_CLI = '/docs/reference/api/run-app';
const WITHOUT_CLI = '/docs/reference/api/list-runners';
const STORAGE_KEY = `docusaurus.tab.${CODE_LANGUAGE_TABS.groupId}`;

const samples = (page: Page) =>
  page
    .locator('[role="tablist"]')
    .filter({has: page.getByRole('tab', {name: 'curl'})})
    .first();
const selectedTab = (page: Page) => samples(page).getByRole('tab', {selected: true}).innerText();
/** The code of the visible panel of the samples' tab group. */
const visibleCode = (page: Page) => samples(page).locator('xpath=..').locator('[role="tabpanel"]:not([hidden]) pre').innerText();

describe('code-sample tabs share one group', () => {
  test('a language picked by keyboard on one page is shown on every API page, and after a reload', async () => {
    const {page, context, pageErrors, offOrigin} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${WITH_CLI}`);
    assert.equal(await selectedTab(page), 'curl');
    await samples(page).getByRole('tab', {name: 'curl'}).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.equal(await selectedTab(page), 'Python');
    assert.match(await visibleCode(page), /httpx/);
    assert.equal(new URL(page.url()).searchParams.get(CODE_LANGUAGE_TABS.queryString), 'python', 'the address can be shared');
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY), 'python');

    await goto(page, `${site.base}${WITHOUT_CLI}`);
    assert.equal(await selectedTab(page), 'Python', 'another page, same language');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await selectedTab(page), 'Python', 'after a reload too');

    // A kind the page does not have leaves it on its first tab; the choice is kept for pages that have it.
    await goto(page, `${site.base}${WITH_CLI}`);
    await samples(page).getByRole('tab', {name: 'tower CLI'}).click();
    assert.match(await visibleCode(page), /^tower schedules create/m);
    await goto(page, `${site.base}${WITHOUT_CLI}`);
    assert.equal(await selectedTab(page), 'curl');
    await goto(page, `${site.base}${ALSO_WITH_CLI}`);
    assert.equal(await selectedTab(page), 'tower CLI');
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(offOrigin, []);
    await context.close();
  });

  test('a ?lang= link opens the page on that tab, whatever was picked before', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    await context.addInitScript(`try { localStorage.setItem('${STORAGE_KEY}', 'python') } catch (e) {}`);
    await goto(page, `${site.base}${ALSO_WITH_CLI}?lang=tower-cli`);
    assert.equal(await selectedTab(page), 'tower CLI');
    assert.match(await visibleCode(page), /^tower run /m);
    await goto(page, `${site.base}${WITHOUT_CLI}?lang=no-such-language`);
    assert.equal(await selectedTab(page), 'curl', 'an unknown value is ignored: the first tab');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('with storage blocked by the browser profile, the tabs and ?lang= links still work', async () => {
    const blocked = await openBlockedStorageProfile(site.base);
    const {page} = blocked;
    await goto(page, `${site.base}${WITH_CLI}`);
    assert.equal(await storageAccess(page), 'SecurityError');
    await samples(page).getByRole('tab', {name: 'Python'}).click();
    assert.equal(await selectedTab(page), 'Python');
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'python');
    await goto(page, `${site.base}${ALSO_WITH_CLI}?lang=tower-cli`);
    assert.equal(await selectedTab(page), 'tower CLI');
    assert.deepEqual(blocked.pageErrors, []);
    assert.deepEqual(blocked.offOrigin, []);
    await blocked.close();
  });
});
