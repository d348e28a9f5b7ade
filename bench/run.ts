/**
 * `npm run bench`: cold production build time and first-visit page weights of
 * this site against a vanilla Docusaurus 3.9.1 classic site built from the
 * same docs in the same run. Prints figures; asserts nothing.
 *
 *   npm run bench                 # builds both sites cold, then measures
 *   npm run bench -- --no-build   # reuse build/ and bench/.vanilla-build/
 *   npm run bench -- --build DIR  # measure another build as it is (an older commit's, to compare)
 */
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import {watchedDocusaurusBuild} from '../scripts/build';
import {REPO_ROOT} from '../lib/paths';
import {startNginx} from '../scripts/serve-nginx';
import {launchBrowser} from '../lib/browser';
import {formatWeight, kib, measureFirstVisit, type PageWeight} from './measure';
import {precompress} from '../scripts/precompress';
import {runLighthouseBench} from './lighthouse';
import {runLoadBench} from './load';
import {assertApiPagesGenerated, prepareBench, siteBuildDir, VANILLA_SITE} from './deps';
import {runMcpBench} from './mcp';
import {runSearchInputBench} from './search-input';
import {runTowerfileCheckBench} from './towerfile-check';

const VANILLA_BUILD = path.join(REPO_ROOT, 'bench', '.vanilla-build');
const SITE_BUILD = siteBuildDir();

async function coldBuild(siteDir: string, outDir: string): Promise<number> {
  for (const dir of [outDir, path.join(siteDir, '.docusaurus'), path.join(siteDir, 'node_modules', '.cache')]) {
    rmSync(dir, {recursive: true, force: true});
  }
  const started = process.hrtime.bigint();
  const status = await watchedDocusaurusBuild([siteDir, '--out-dir', outDir], {stdio: ['ignore', 'ignore', 'inherit']});
  if (status !== 0) throw new Error(`build of ${siteDir} failed`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  const skipBuild = process.argv.includes('--no-build');
  // A build named with --build is measured as it is, never rebuilt from this checkout.
  const namedBuild = process.argv.includes('--build');
  if (namedBuild && !existsSync(path.join(SITE_BUILD, 'index.html'))) throw new Error(`--build ${SITE_BUILD}: no built site there`);
  const lighthouse = !process.argv.includes('--no-lighthouse');
  const load = !process.argv.includes('--no-load');
  console.log('Tower docs benchmark (figures, not assertions)\n');
  prepareBench({lighthouse, load});

  if (namedBuild) {
    if (!existsSync(VANILLA_BUILD)) await coldBuild(VANILLA_SITE, VANILLA_BUILD);
  } else if (!skipBuild || !existsSync(SITE_BUILD) || !existsSync(VANILLA_BUILD)) {
    // The site first: its build generates docs/reference/api/, which the vanilla baseline's sidebar lists.
    const siteSeconds = await coldBuild(REPO_ROOT, SITE_BUILD);
    assertApiPagesGenerated();
    const vanillaSeconds = await coldBuild(VANILLA_SITE, VANILLA_BUILD);
    console.log('Cold production build');
    console.log(`  vanilla Docusaurus 3.9.1 (webpack): ${vanillaSeconds.toFixed(1)} s`);
    console.log(`  Tower docs (Rspack via @docusaurus/faster): ${siteSeconds.toFixed(1)} s`);
    console.log(`  ratio Tower / vanilla: ${(siteSeconds / vanillaSeconds).toFixed(2)}\n`);
  }

  // Same server, same compression for both: the production build step (npm run build) writes
  // .gz files, and the cold builds above ran `docusaurus build` alone.
  precompress(VANILLA_BUILD);
  precompress(SITE_BUILD);
  const site = await startNginx(SITE_BUILD);
  const vanilla = await startNginx(VANILLA_BUILD);
  const browser = await launchBrowser();
  try {
    const docsPath = '/docs/concepts/runs';
    const measured: Record<string, PageWeight> = {
      'vanilla docs page': await measureFirstVisit(browser, `${vanilla.url}${docsPath}`),
      'home page': await measureFirstVisit(browser, `${site.url}/`),
      'docs page': await measureFirstVisit(browser, `${site.url}${docsPath}`),
    };
    if (existsSync(path.join(SITE_BUILD, 'docs/reference/api/run-app/index.html'))) {
      measured['API operation page'] = await measureFirstVisit(browser, `${site.url}/docs/reference/api/run-app`);
    }
    // The Towerfile checker's own JavaScript (its engine loads as soon as the page has mounted).
    if (existsSync(path.join(SITE_BUILD, 'docs/reference/towerfile-checker/index.html'))) {
      measured['Towerfile checker page'] = await measureFirstVisit(browser, `${site.url}/docs/reference/towerfile-checker`);
    }
    console.log('First visit at 390 px, everything the browser downloads until idle');
    for (const [label, weight] of Object.entries(measured)) console.log(formatWeight(label, weight));

    const ours = measured['docs page'].js.gzip;
    const base = measured['vanilla docs page'].js.gzip;
    console.log(`\nDocs page JavaScript, gzip: Tower ${kib(ours)} vs vanilla ${kib(base)} (ratio ${(ours / base).toFixed(2)}; target <= 1.00)`);
    const checker = measured['Towerfile checker page'];
    if (checker) {
      console.log(`Towerfile checker page JavaScript, gzip: ${kib(checker.js.gzip)} (${kib(checker.js.gzip - ours)} more than the docs page)`);
    }
    const api = measured['API operation page'];
    if (api) {
      console.log(`API page JavaScript, gzip: ${kib(api.js.gzip)} (ratio to docs page ${(api.js.gzip / ours).toFixed(2)}; target <= 1.50)`);
    }
    await runSearchInputBench(browser, site.url);
  } finally {
    await browser.close();
    await site.stop();
    await vanilla.stop();
  }

  // Lighthouse (ours vs vanilla vs Starlight) and a bounded wrk run; see bench/lighthouse.ts and bench/load.ts.
  if (lighthouse) await runLighthouseBench({siteBuild: SITE_BUILD});
  if (load) await runLoadBench({siteBuild: SITE_BUILD});
  // The Towerfile check on the reliability review's inputs (the checker page and check_towerfile); see bench/towerfile-check.ts.
  await runTowerfileCheckBench();
  // The docs MCP server: cold start, search_docs latency and a bounded wrk run; see bench/mcp.ts.
  if (!process.argv.includes('--no-mcp')) await runMcpBench({siteBuild: SITE_BUILD});
}

void main();
