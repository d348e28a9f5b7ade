/**
 * The site's chrome as a reader meets it: navbar, mobile menu, skip link,
 * footer, colour mode, announcement bar, storage failures and privacy.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {ANNOUNCEMENT, COPYRIGHT_YEAR, LINKS, SUPPORT_EMAIL} from '../../src/constants';
import {DESKTOP, PHONE, goto, openContext, settle, waitForHydration} from '../../lib/browser';
import {useSite} from './support/site';
import {motionDone, nextFrames, scrollSettled} from './support/waits';
import {headingOf} from './routes';

const LONG_PAGE = '/docs/reference/tower-cli';

const site = useSite();

/** Hidden means slid out of view: the navbar's box ends above the viewport, once its slide has ended. */
async function navbarHidden(page: Page): Promise<boolean> {
  const navbar = page.locator('nav.navbar');
  await motionDone(navbar);
  return navbar.evaluate((nav) => nav.getBoundingClientRect().bottom <= 1);
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({top, behavior: 'instant'}), y);
  // The navbar reacts to the scroll event and renders in the next frames; its slide starts then.
  await nextFrames(page);
}

describe('navbar', () => {
  test('has the two sidebars on the left and the external links on the right', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    const left = page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link');
    assert.deepEqual(await left.allInnerTexts(), ['Documentation', 'Examples']);
    const right = page.locator('.navbar__items--right a.navbar__link[href^="http"]');
    assert.deepEqual(await right.evaluateAll((links) => links.map((a) => a.getAttribute('href'))), [LINKS.mainSite, LINKS.webApp, LINKS.blog]);
    assert.equal(await page.locator('.navbar__items--right .dropdown > .navbar__link').first().innerText(), 'English');
    await page.locator('.navbar__items a.navbar__link', {hasText: 'Examples'}).click();
    await page.waitForURL(`${site.base}/docs/category/examples`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Examples');
    assert.match(await page.locator('.theme-doc-sidebar-container').innerText(), /Using dltHub/);
    assert.doesNotMatch(await page.locator('.theme-doc-sidebar-container').innerText(), /Concepts/);
    await context.close();
  });

  test('hides on scroll down past its height, shows on scroll up and near the top', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${LONG_PAGE}`);
    assert.equal(await navbarHidden(page), false, 'visible at the top');
    await scrollTo(page, 30);
    await scrollTo(page, 40);
    assert.equal(await navbarHidden(page), false, 'still visible within its own height');
    await scrollTo(page, 1500);
    assert.equal(await navbarHidden(page), true, 'hidden after scrolling down');
    await scrollTo(page, 1200);
    assert.equal(await navbarHidden(page), false, 'shown again on scrolling up');
    await scrollTo(page, 2500);
    assert.equal(await navbarHidden(page), true);
    await scrollTo(page, 0);
    assert.equal(await navbarHidden(page), false, 'always shown at the top');
    await context.close();
  });

  test('hides after a jump to an in-page anchor', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${LONG_PAGE}`);
    const tocLink = page.locator('.table-of-contents a').nth(3);
    const hash = (await tocLink.getAttribute('href'))!;
    const startY = await page.evaluate(() => window.scrollY);
    await tocLink.click();
    await page.waitForFunction((h) => location.hash === h, hash);
    // The jump may scroll smoothly: the navbar decides once the page has stopped moving.
    await scrollSettled(page, startY);
    await nextFrames(page);
    assert.equal(await navbarHidden(page), true);
    await context.close();
  });
});

describe('deep links into long pages', () => {
  // Tables are laid out lazily (content-visibility), so the page is taller or
  // shorter than its placeholders until they are shown: the target heading
  // must still be where the reader lands, at once, and stay there.
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['390 px', PHONE],
  ] as const) {
    test(`a cold load of /docs/reference/tower-sdk#<late heading> shows that heading, ${device}`, async () => {
      const {page, context} = await openContext(site.browser, site.base, {viewport});
      const target = await page.request
        .get(`${site.base}/docs/reference/tower-sdk`)
        .then(async (response) => [...(await response.text()).matchAll(/<h[23][^>]* id="?([^\s">]+)/g)].map((m) => m[1]).at(-2)!);
      await goto(page, `${site.base}/docs/reference/tower-sdk#${target}`);
      const position = () => page.locator(`[id="${target}"]`).evaluate((el) => el.getBoundingClientRect().top);
      // Everything the page loads on its own (chunks, fonts) has arrived and been laid out: a late jump would have happened.
      await settle(page);
      await page.evaluate(() => document.fonts.ready);
      await nextFrames(page);
      const landed = await position();
      assert.ok(landed >= 0 && landed < viewport.height / 2, `${target} at ${landed}px`);
      const scrollY = () => page.evaluate(() => window.scrollY);
      let from = await scrollY();
      await page.mouse.wheel(0, -1500);
      await scrollSettled(page, from);
      from = await scrollY();
      await page.mouse.wheel(0, 1500);
      await scrollSettled(page, from);
      const back = await position();
      assert.ok(Math.abs(back - landed) < 40, `after scrolling up and down again: ${landed}px then ${back}px`);
      // The first jump is instant; from then on in-page links glide.
      assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'smooth');
      await context.close();
    });
  }
});

describe('mobile layout', () => {
  test('opens the mobile sidebar at 390 px, offers the back button, closes on desktop width', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/docs/concepts/apps`);
    assert.equal(await page.locator('.navbar__items--right .navbar__link[href="https://tower.dev"]').isVisible(), false);
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await sidebar.waitFor({state: 'visible'});
    assert.equal(
      await page
        .locator('html')
        .evaluate((el) => el.classList.contains('navbar-sidebar--show') || document.querySelector('.navbar')!.classList.contains('navbar-sidebar--show')),
      true,
    );
    // On a docs page the secondary menu (the docs sidebar) shows first.
    const back = page.getByRole('button', {name: '← Back to main menu'});
    await back.waitFor({state: 'visible'});
    assert.match(await page.locator('.navbar-sidebar__item.menu').last().innerText(), /Environments/);
    await back.click();
    await page.getByRole('link', {name: 'Examples', exact: true}).last().waitFor({state: 'visible'});
    await page.setViewportSize(DESKTOP);
    await page.waitForFunction(() => !document.querySelector('.navbar')!.classList.contains('navbar-sidebar--show'));
    assert.equal(await page.locator('.navbar__items--right a[href="https://tower.dev"]').isVisible(), true);
    await context.close();
  });
});

describe('skip link', () => {
  test('moves focus to the main content', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    assert.equal(await skip.innerText(), 'Skip to main content');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');
    const containsArticle = await page.evaluate(() => Boolean(document.activeElement?.querySelector('article h1')));
    assert.equal(containsArticle, true, 'focus lands on the element holding the article');
    await context.close();
  });
});

describe('footer', () => {
  test('links to the main site, web app, blog and support, with the copyright year', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    const footer = page.locator('footer.footer');
    assert.equal(await footer.evaluate((el) => el.classList.contains('footer--dark')), true);
    const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of [LINKS.mainSite, LINKS.webApp, LINKS.blog, `mailto:${SUPPORT_EMAIL}`]) {
      assert.ok(hrefs.includes(href), `footer links to ${href}`);
    }
    assert.match(await footer.innerText(), new RegExp(`Copyright © ${COPYRIGHT_YEAR}`));
    assert.ok((await footer.locator(`a[href="${LINKS.blog}"] svg`).count()) > 0, 'external links carry an icon');
    const logo = footer.locator('.footer__logo');
    assert.ok((await logo.count()) >= 1);
    await context.close();
  });
});

describe('colour mode', () => {
  const mode = (page: Page) => page.locator('html').getAttribute('data-theme');

  test('defaults to light even when the OS prefers dark', async () => {
    const {page, context} = await openContext(site.browser, site.base, {colorScheme: 'dark'});
    await goto(page, `${site.base}/`);
    assert.equal(await mode(page), 'light');
    await context.close();
  });

  test('cycles light, dark, system; persists across reload; syncs to another tab', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    const other = await context.newPage();
    await goto(other, `${site.base}/docs/concepts/apps`);
    const button = page.getByRole('button', {name: /Switch between dark and light mode/});
    assert.match((await button.getAttribute('aria-label'))!, /currently light mode/);
    await button.click();
    assert.equal(await mode(page), 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await other.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await mode(page), 'dark', 'the choice survives a reload');
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    assert.match((await page.getByRole('button', {name: /Switch between dark and light mode/}).getAttribute('aria-label'))!, /system mode/);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), null, 'system removes the stored choice');
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    assert.equal(await mode(page), 'light');
    await other.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await context.close();
  });
  test('"system" follows the OS, also after a reload, and the next choice is light again', async () => {
    const {page, context} = await openContext(site.browser, site.base, {colorScheme: 'dark'});
    await goto(page, `${site.base}/docs/intro`);
    const button = () => page.getByRole('button', {name: /Switch between dark and light mode/});
    assert.equal(await mode(page), 'light', 'first visit: the site default, not the OS');
    await button().click(); // dark
    await button().click(); // system
    assert.match((await button().getAttribute('aria-label'))!, /system mode/);
    assert.equal(await mode(page), 'dark', 'system follows the OS, which prefers dark');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await mode(page), 'dark');
    assert.match((await button().getAttribute('aria-label'))!, /system mode/);
    await page.emulateMedia({colorScheme: 'light'});
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await button().click();
    assert.match((await button().getAttribute('aria-label'))!, /currently light mode/);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
    await page.emulateMedia({colorScheme: 'dark'});
    await page.reload();
    await waitForHydration(page);
    assert.equal(await mode(page), 'light', 'an explicit choice beats the OS');
    await context.close();
  });
});

describe('announcement bar', () => {
  const bar = (page: Page) => page.locator('.theme-announcement-bar');

  test('can be closed and stays closed after reload', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    assert.equal(await bar(page).isVisible(), true);
    assert.match(await bar(page).innerText(), /0\.3\.70/);
    await bar(page).getByRole('button', {name: 'Close'}).click();
    await bar(page).waitFor({state: 'hidden'});
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'true');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await bar(page).isVisible(), false);
    await context.close();
  });

  test('comes back when the configured id differs from the stored one', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await context.addInitScript(() => {
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
    });
    await goto(page, `${site.base}/docs/intro`);
    await bar(page).waitFor({state: 'visible'});
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')), ANNOUNCEMENT.id);
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'false');
    await context.close();
  });
});

describe('blocked browser storage', () => {
  test('the site still renders and navigates', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    // A string, not a function: the test runner's transpiler would add helpers
    // to a function body that do not exist in the page.
    await context.addInitScript(`
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
        });
      }`);
    await goto(page, `${site.base}/docs/intro`);
    assert.equal(await page.locator('article h1').innerText(), headingOf('/docs/intro'));
    await page.locator('.theme-doc-sidebar-container a[href="/docs/concepts/apps"]').click();
    await page.waitForURL(`${site.base}/docs/concepts/apps`);
    await page.waitForFunction((h) => document.querySelector('article h1')?.textContent === h, headingOf('/docs/concepts/apps'));
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});

describe('feedback widget', () => {
  test('asks whether the page helped and offers a prefilled e-mail', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/concepts/runs`);
    const widget = page.getByRole('complementary', {name: 'Page feedback'});
    await widget.waitFor();
    assert.match(await widget.innerText(), /Was this page helpful\?/);
    await widget.getByRole('button', {name: 'No'}).click();
    const mail = widget.getByRole('link', {name: 'Tell us more by e-mail'});
    const href = (await mail.getAttribute('href'))!;
    assert.ok(href.startsWith(`mailto:${SUPPORT_EMAIL}?subject=`));
    assert.match(decodeURIComponent(href), /Page: http.*\/docs\/concepts\/runs/);
    // After client-side navigation the next page gets its own widget.
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL((url) => url.pathname !== '/docs/concepts/runs');
    await page.getByRole('complementary', {name: 'Page feedback'}).getByRole('button', {name: 'Yes'}).waitFor();
    await context.close();
  });
});
