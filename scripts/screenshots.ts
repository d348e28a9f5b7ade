/**
 * Screenshots of built pages as a reader sees them: desktop and a 390 px
 * phone, light and dark. For looking at changes, not for asserting.
 *
 *   node --import tsx scripts/screenshots.ts /docs/intro / --out /tmp/shots
 */
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {startNginx} from './serve-nginx';
import {DESKTOP, PHONE, goto, launchBrowser, openContext} from '../lib/browser';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 ? args.splice(outIndex, 2)[1] : '/tmp/tower-docs-screens';
  const full = args.includes('--full') ? (args.splice(args.indexOf('--full'), 1), true) : false;
  const paths = args.length ? args : ['/', '/docs/intro'];
  mkdirSync(outDir, {recursive: true});
  const server = await startNginx();
  const browser = await launchBrowser();
  try {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const {page, context} = await openContext(browser, server.url, {viewport});
        await context.addInitScript(`localStorage.setItem('theme', '${theme}')`);
        for (const route of paths) {
          await goto(page, `${server.url}${route}`);
          const name = `${route.replace(/\W+/g, '_') || 'home'}-${device}-${theme}.png`;
          await page.screenshot({path: path.join(outDir, name), fullPage: full});
          console.log(path.join(outDir, name));
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
