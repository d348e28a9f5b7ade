/**
 * `npm run bench:mutation`: how many realistic bugs the unit tests catch, as StrykerJS's mutation
 * score of the modules where a bug hurts readers most. Stryker changes one thing at a time in a
 * module (a condition, an operator, a string, a return value), runs the test files that cover the
 * change, and counts the change as caught when a test fails. The score is caught / (caught +
 * survived), survivors listed in the report. A figure to watch, not part of `npm test`.
 *
 *   npm run bench:mutation                          # every module
 *   npm run bench:mutation -- --only lib/tower-cli.ts
 *   npm run bench:mutation -- --concurrency 2          # test runners at once (default: one less than the cores)
 *   npm run bench:mutation -- --force                  # test every mutant again, not only what changed
 *
 * While writing tests against one file's survivors, narrow a target instead of running it whole:
 *
 *   npm run bench:mutation -- --only src/search --mutate src/search/answer.ts --tests tests/unit/search-answer.test.ts,tests/unit/search-parts.test.ts
 *
 * A narrowed run keeps its own results, incremental file and sandbox folder (named after what it
 * mutates and runs), so it neither spoils the whole target's next incremental run nor collides with
 * another narrowed run going on beside it.
 *
 * Stryker drives node's own test runner through its tap runner: each test file runs in a node of
 * its own, bundled with the sources it tests (scripts/bundle-tests.ts), and Stryker keeps, per test file,
 * which mutants it reaches. Reports (JSON, with every survivor) land in bench/mutation/results/; an
 * incremental file there lets a second run test only what changed since.
 *
 * Stryker lives in bench/mutation/node_modules (`npm ci --prefix bench/mutation`, installed on the
 * first run), so `npm ci` for the site stays as it is.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {REPO_ROOT} from '../../lib/paths';
import {bundleNameOf} from '../../scripts/bundle-tests';

const HERE = path.join(REPO_ROOT, 'bench', 'mutation');
const RESULTS = path.join(HERE, 'results');

/**
 * A module under test and the test files that exercise it, the fastest first (Stryker stops at the
 * first that fails). Each mutant runs every listed file that reaches it, so a slow file that only
 * passes through the module (the sample checker's, which starts python3) is left out.
 */
type Target = {name: string; mutate: string[]; tests: string[]};

export const TARGETS: Target[] = [
  {
    name: 'lib/tower-cli.ts',
    mutate: ['lib/tower-cli.ts'],
    tests: ['tests/unit/tower-cli.test.ts', 'tests/unit/check-samples.test.ts'],
  },
  {
    name: 'src/towerfile',
    mutate: ['src/towerfile/*.ts'],
    tests: ['tests/unit/towerfile-check.test.ts', 'plugins/towerfile-validator/compile.test.ts'],
  },
  {
    name: 'src/search',
    // synonyms.ts is a word list, not logic: a changed entry is caught by the relevance suite's
    // reader-word examples (left out below), and as module-level data each of its hundreds of
    // mutants would run every listed file.
    mutate: ['src/search/*.ts', '!src/search/use*.ts', '!src/search/synonyms.ts'],
    // One file per module pins its rules with small hand-made indexes (search-answer, -engine, -query,
    // -records); they come first, being the likeliest to catch a mutant. The relevance suites, which
    // rank the real docs, are left out: they cost about 9 s of CPU a run and need tsx (they load
    // sidebars.ts by path), and since the four files above the score no longer rests on them.
    // search-ui.test.ts bundles the first-paint script from these sources, which Stryker's
    // instrumented copies make too big for its size check.
    tests: [
      'tests/unit/search-answer.test.ts',
      'tests/unit/search-engine.test.ts',
      'tests/unit/search-query.test.ts',
      'tests/unit/search-records.test.ts',
      'tests/unit/search-parts.test.ts',
      'plugins/search-index/index.test.ts',
      'tests/unit/mcp.test.ts',
    ],
  },
  {
    name: 'mcp',
    mutate: ['mcp/*.ts'],
    // mcp-server.test.ts drives the tools and resources in-process; tests/e2e/mcp.test.ts drives the
    // same server over a production build in child processes, which Stryker cannot follow.
    tests: ['tests/unit/mcp-twin.test.ts', 'tests/unit/mcp.test.ts', 'tests/unit/mcp-server.test.ts'],
  },
];

/** Folders a sandbox copy of the repository does without: builds, caches, other packages' modules. */
const IGNORE = [
  'build',
  'build-algolia',
  '.docusaurus',
  'docs/reference/api',
  'bench/node_modules',
  'bench/results',
  'bench/starlight/.site',
  'bench/vanilla-site/build',
  // A link to src/components (the vanilla baseline's components): the sandbox copies src/ itself, and cannot copy a link to a folder.
  'bench/vanilla-site/src',
  'bench/.vanilla-build',
  'bench/mutation/node_modules',
  'bench/mutation/results',
];

type MutantResult = {fileName: string; status: string; mutatorName: string; replacement: string; location: {start: {line: number; column: number}}};
type StrykerModule = {Stryker: new (options: Record<string, unknown>) => {runMutationTest(): Promise<MutantResult[]>}};

function ensureStryker(): NodeJS.Require {
  const require = createRequire(path.join(HERE, 'package.json'));
  try {
    require.resolve('@stryker-mutator/core');
    require.resolve('@stryker-mutator/tap-runner');
  } catch {
    console.log('Installing StrykerJS for the mutation bench: npm ci --prefix bench/mutation');
    const result = spawnSync('npm', ['ci', '--prefix', HERE, '--no-audit', '--no-fund'], {cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit']});
    if (result.status !== 0) throw new Error('npm ci --prefix bench/mutation failed');
  }
  return require;
}

/** Caught and survived, by Stryker's statuses; the others (no test reaches it, does not compile) are listed apart. */
export function score(results: MutantResult[]): {caught: number; survived: number; uncovered: number; invalid: number; percent: number} {
  const count = (...statuses: string[]) => results.filter((r) => statuses.includes(r.status)).length;
  const caught = count('Killed', 'Timeout');
  const survived = count('Survived');
  const uncovered = count('NoCoverage');
  const invalid = count('CompileError', 'RuntimeError', 'Ignored');
  const valid = caught + survived + uncovered;
  return {caught, survived, uncovered, invalid, percent: valid === 0 ? 0 : (100 * caught) / valid};
}

/** A target with its mutated files or test files replaced, named so its results sit apart from the whole target's. */
export function narrowed(target: Target, mutate?: string[], tests?: string[]): Target & {slug: string} {
  const base = target.name.replace(/[^\w]+/g, '-');
  if (!mutate && !tests) return {...target, slug: base};
  const parts = [...(mutate ?? []), ...(tests ?? []).map((file) => path.basename(file, '.test.ts'))];
  return {...target, mutate: mutate ?? target.mutate, tests: tests ?? target.tests, slug: `${base}--${parts.join('-').replace(/[^\w]+/g, '-')}`};
}

async function main(argv: string[]): Promise<void> {
  const valueOf = (flag: string): string | undefined => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const only = valueOf('--only');
  const concurrency = argv.includes('--concurrency') ? Number(valueOf('--concurrency')) : undefined;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) throw new Error('--concurrency takes a whole number of runners');
  const mutateOverride = valueOf('--mutate')?.split(',');
  const testsOverride = valueOf('--tests')?.split(',');
  const chosen = only ? TARGETS.filter((t) => t.name === only) : TARGETS;
  if (chosen.length === 0) throw new Error(`--only ${only}: not one of ${TARGETS.map((t) => t.name).join(', ')}`);
  if ((mutateOverride || testsOverride) && chosen.length !== 1) throw new Error('--mutate and --tests narrow one target: name it with --only');
  for (const file of testsOverride ?? []) if (!existsSync(path.join(REPO_ROOT, file))) throw new Error(`--tests: no such file ${file}`);
  const targets = chosen.map((t) => narrowed(t, mutateOverride, testsOverride));
  const require = ensureStryker();
  const {Stryker} = (await import(pathToFileURL(require.resolve('@stryker-mutator/core')).href)) as StrykerModule;
  mkdirSync(RESULTS, {recursive: true});

  const rows: string[] = [];
  for (const target of targets) {
    const slug = target.slug;
    const started = Date.now();
    const stryker = new Stryker({
      testRunner: 'tap',
      plugins: [require.resolve('@stryker-mutator/tap-runner')],
      mutate: target.mutate,
      // Each test file runs as one bundle of itself and the mutated sources (scripts/bundle-tests.ts), built in the sandbox.
      buildCommand: ['node', '--import', 'tsx', 'scripts/bundle-tests.ts', ...target.tests].join(' '),
      tap: {
        testFiles: target.tests.map(bundleNameOf),
        nodeArgs: ['--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
      },
      coverageAnalysis: 'perTest',
      ...(concurrency ? {concurrency} : {}),
      // A mutant that loops forever is stopped by Stryker's hit limit long before this; the margin
      // (Stryker's default is 5 s over the test's own time) keeps a run slowed by a busy machine
      // from counting as caught.
      timeoutMS: 30_000,
      ignorePatterns: IGNORE,
      tempDirName: path.relative(REPO_ROOT, path.join(HERE, '.stryker-tmp', slug)),
      incremental: true,
      force: argv.includes('--force'),
      incrementalFile: path.relative(REPO_ROOT, path.join(RESULTS, `${slug}.incremental.json`)),
      reporters: ['json', 'progress'],
      jsonReporter: {fileName: path.relative(REPO_ROOT, path.join(RESULTS, `${slug}.json`))},
      logLevel: 'warn',
      fileLogLevel: 'off',
    });
    const results = await stryker.runMutationTest();
    const figures = score(results);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    rows.push(
      `${target.name.padEnd(18)} ${figures.percent.toFixed(1).padStart(5)} %   caught ${figures.caught}, survived ${figures.survived}, ` +
        `reached by no test ${figures.uncovered}, invalid ${figures.invalid}   (${minutes} min)`,
    );
    writeFileSync(
      path.join(RESULTS, `${slug}.survivors.txt`),
      results
        .filter((r) => r.status === 'Survived' || r.status === 'NoCoverage')
        .map((r) => `${r.fileName}:${r.location.start.line}:${r.location.start.column + 1} ${r.status} ${r.mutatorName}: ${r.replacement.split('\n')[0]}`)
        .join('\n') + '\n',
    );
  }
  console.log('\nMutation score (caught / caught, survived or reached by no test):');
  for (const row of rows) console.log(`  ${row}`);
  console.log(`Survivors: ${path.relative(process.cwd(), RESULTS)}/*.survivors.txt`);
}

if (require.main === module) {
  if (!existsSync(path.join(REPO_ROOT, 'node_modules', 'tsx'))) throw new Error('run npm ci first');
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
