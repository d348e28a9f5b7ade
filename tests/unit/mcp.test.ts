/**
 * The docs MCP server's parts that need no build: which page a URL or path
 * names (and which it refuses), how a Markdown text is cut into sections,
 * parts and chunks, the Towerfile and command checks with their reference
 * links and readings, the API lookups, the search adapter over a small index,
 * the HTTP transport's refusals, the command line and the nginx upstream.
 * tests/e2e/mcp.test.ts drives the whole server over the production build
 * with the SDK's client.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createServer, request, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, test} from 'node:test';
import {ApiCatalog} from '../../mcp/api';
import {API_OPERATIONS_FORMAT, type ApiOperationEntry} from '../../plugins/api-operations/operations';
import {checkTowerCommand, checkTowerfile, describeReading, type CliChanges, type ReferenceLinks} from '../../mcp/checks';
import {createHttpHandler, MAX_BODY_BYTES} from '../../mcp/http';
import type {DocsLibrary} from '../../mcp/library';
import {resolvePage} from '../../mcp/pages';
import {DocsSearch, SEARCH_KINDS} from '../../mcp/search';
import {parseArgs, UsageError} from '../../mcp/server';
import {headingText, MarkdownText} from '../../mcp/twin';
import {buildSearchFiles} from '../../plugins/search-index';
import {KIND_FILTERS, kindOfRoute} from '../../src/search/kinds';
import type {ExtractedPage} from '../../src/search/records';
import {CliIndex, type CliManifest} from '../../lib/tower-cli';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {mcpUpstreamConf} from '../../scripts/nginx-conf';

const ROOT = path.join(import.meta.dirname, '..', '..');
const TWINS = new Set(['/docs/intro', '/docs/concepts/apps', '/docs/concepts/runs', '/docs/reference/towerfile', '/docs/category/concepts']);

describe('get_page: which twin a URL or path names', () => {
  const twin = (input: string) => {
    const found = resolvePage(input, TWINS);
    return found.ok ? found.twin : `refused: ${found.message}`;
  };

  test('page URLs, paths, anchors, queries and .md URLs name the same twin', () => {
    for (const input of [
      'https://docs.tower.dev/docs/concepts/apps',
      'https://docs.tower.dev/docs/concepts/apps#schedules',
      'https://docs.tower.dev/docs/concepts/apps.md',
      '/docs/concepts/apps',
      '/docs/concepts/apps/',
      '/docs/concepts/apps?tab=1',
      'docs/concepts/apps',
      'concepts/apps',
      '  /docs/concepts/apps  ',
      '/docs/concepts/apps/index.html',
    ]) {
      assert.equal(twin(input), 'docs/concepts/apps.md', input);
    }
    assert.equal(twin('/docs/category/concepts'), 'docs/category/concepts.md');
  });

  test('the anchor a URL or path points at comes with the page, decoded', () => {
    const anchor = (input: string) => {
      const found = resolvePage(input, TWINS);
      return found.ok ? found.anchor : `refused: ${found.message}`;
    };
    assert.equal(anchor('https://docs.tower.dev/docs/concepts/apps#schedules'), 'schedules');
    assert.equal(anchor('/docs/concepts/apps#tower%20run'), 'tower run');
    assert.equal(anchor('concepts/apps.md#x'), 'x');
    assert.equal(anchor('/docs/concepts/apps'), null);
    assert.equal(anchor('/docs/concepts/apps#'), null);
    assert.match(String(anchor('/docs/concepts/apps#%E0%A4')), /^refused: .*broken percent-encoding/);
  });

  test('path traversal is refused, plain or encoded, with slashes or backslashes', () => {
    for (const input of [
      '/docs/../../etc/passwd',
      '../build/index.html',
      '/docs/%2e%2e/%2e%2e/package.json',
      '/docs/concepts/..%2F..%2Fsecret',
      '/docs/concepts\\..\\..\\secret',
      '/docs/./intro',
    ]) {
      assert.match(twin(input), /^refused: .*not allowed in a page path/, input);
    }
  });

  test('other sites, other schemes and pages outside /docs/ are refused with what get_page reads', () => {
    assert.match(twin('https://evil.example/docs/intro'), /^refused: get_page reads pages of https:\/\/docs\.tower\.dev only, not https:\/\/evil\.example/);
    assert.match(twin('file:///etc/passwd'), /^refused: get_page reads pages of https:\/\/docs\.tower\.dev only, not file:/);
    assert.match(twin('/search?q=secrets'), /^refused: "\/search\?q=secrets" is not a documentation page/);
    assert.match(twin('/assets/js/main.js'), /not a documentation page/);
  });

  test('bad input gets a clear message: empty, control characters, too long, broken encoding', () => {
    assert.match(twin('   '), /^refused: Give a page URL or path/);
    assert.match(twin('/docs/intro\u0000.md'), /control characters/);
    assert.match(twin(`/docs/${'a'.repeat(3000)}`), /3006 characters long; the limit is 2048/);
    assert.match(twin('/docs/%E0%A4%A'), /broken percent-encoding/);
  });

  test('an unknown page is refused with the closest page as a suggestion', () => {
    assert.equal(
      twin('/docs/concepts/app'),
      'refused: There is no page at /docs/concepts/app. Did you mean /docs/concepts/apps? Use search_docs to find a page.',
    );
    assert.doesNotMatch(twin('/docs/zzzz/qqqq/wwww'), /Did you mean/);
    // A path far longer than any page's is not compared with every page (bench:mcp times it).
    assert.equal(twin(`/docs/${'a'.repeat(2040)}`), `refused: There is no page at /docs/${'a'.repeat(2040)}. Use search_docs to find a page.`);
  });
});

describe('a Markdown text cut into sections, parts and chunks', () => {
  const page = [
    '# Tower CLI',
    '',
    'Intro text.',
    '',
    '## Install the CLI',
    '',
    'Run pip.',
    '',
    '```bash',
    'pip install tower',
    '# not a heading',
    '```',
    '',
    '## `tower run`',
    '',
    'Runs an app.',
    '',
    '### Flags',
    '',
    '| Flag | Meaning |',
    '|---|---|',
    '| `-d` | detached |',
    '',
    '## tower deploy',
    '',
    'Deploys.',
    '',
  ].join('\n');
  const index = [
    {heading: 'Install the CLI', anchor: 'install-the-cli'},
    {heading: 'tower run', anchor: 'tower-run'},
    {heading: 'Flags', anchor: 'flags'},
    {heading: 'tower deploy', anchor: 'tower-deploy'},
  ];
  const text = new MarkdownText(page, index);

  test('headings outside code fences carry the anchors the search index gives their text', () => {
    assert.deepEqual(
      text.headings.map((heading) => [heading.level, heading.text, heading.anchor]),
      [
        [1, 'Tower CLI', null],
        [2, 'Install the CLI', 'install-the-cli'],
        [2, 'tower run', 'tower-run'],
        [3, 'Flags', 'flags'],
        [2, 'tower deploy', 'tower-deploy'],
      ],
    );
    assert.equal(headingText('`tower.run_app()` and [the SDK](https://x) **now** \\_here\\_'), 'tower.run_app() and the SDK now _here_');
  });

  test('a section is its heading and what stands under it, subsections included, found by anchor or heading text', () => {
    const run = text.findSection('tower-run');
    assert.ok(run.ok);
    assert.equal(
      page.slice(run.section.start, run.section.end),
      '## `tower run`\n\nRuns an app.\n\n### Flags\n\n| Flag | Meaning |\n|---|---|\n| `-d` | detached |\n\n',
    );
    assert.deepEqual(run.section.trail, ['Tower CLI']);
    const flags = text.findSection('#flags');
    assert.ok(flags.ok);
    assert.deepEqual(flags.section.trail, ['Tower CLI', 'tower run']);
    assert.equal(page.slice(flags.section.end), '## tower deploy\n\nDeploys.\n');
    const byText = text.findSection('TOWER RUN');
    assert.ok(byText.ok && byText.section.start === run.section.start);
    const missing = text.findSection('tower-ruin');
    assert.ok(!missing.ok);
    assert.equal(missing.message, 'There is no section "tower-ruin" on this page.');
    assert.deepEqual(missing.anchors, ['install-the-cli', 'tower-run', 'flags', 'tower-deploy']);
  });

  test('parts hold at most the maximum, end at a heading when one is in reach, and together give back the text', () => {
    const sections = Array.from({length: 30}, (_, i) => `## Section ${i}\n\n${`Sentence ${i} of some length. `.repeat(6)}\n`);
    const long = new MarkdownText(`# Long\n\n${sections.join('\n')}`);
    const parts = long.parts(0, long.length, 1000);
    assert.ok(parts.length >= 5);
    assert.equal(parts.map((part) => long.text.slice(part.start, part.end)).join(''), long.text);
    for (const part of parts) assert.ok(part.end - part.start <= 1000, `${part.end - part.start}`);
    for (const part of parts.slice(1)) assert.match(long.text.slice(part.start), /^## Section \d+\n/);
    // A part read from an offset starts there and cuts the same way.
    const second = long.part(0, long.length, parts[1].start, 1000);
    assert.deepEqual([second.start, second.end], [parts[1].start, parts[1].end]);
  });

  test('a part that ends inside a code block closes it, and the next reopens it with its language', () => {
    const code = new MarkdownText(`Intro.\n\n\`\`\`python\n${Array.from({length: 80}, (_, i) => `value_${i} = ${i}`).join('\n')}\n\`\`\`\n\nAfter.\n`);
    const parts = code.parts(0, code.length, 400);
    assert.ok(parts.length > 2);
    assert.match(parts[0].text, /^Intro\.\n\n```python\n/);
    assert.match(parts[0].text, /\n```\n$/);
    assert.match(parts[1].text, /^```python\nvalue_\d+ = \d+\n/);
    assert.match(parts[1].text, /\n```\n$/);
    assert.match(parts.at(-1)!.text, /After\.\n$/);
    // The lines themselves are all there once, in order.
    assert.equal(parts.map((part) => code.text.slice(part.start, part.end)).join(''), code.text);
    // A block taken whole, up to its closing line, is not closed a second time.
    const whole = new MarkdownText('```bash\ntower deploy\n```\nAfter.\n');
    assert.equal(whole.render(0, whole.text.indexOf('\nAfter')), '```bash\ntower deploy\n```');
    assert.equal(whole.render(0, whole.text.indexOf('After')), '```bash\ntower deploy\n```\n');
  });

  test('a line longer than a part is cut inside it', () => {
    const line = new MarkdownText('x'.repeat(2500));
    assert.deepEqual(
      line.parts(0, line.length, 1000).map((part) => part.end - part.start),
      [1000, 1000, 500],
    );
  });

  test('a chunk takes whole blocks while they fit, cuts a paragraph after a sentence, and names a code block it leaves out', () => {
    const doc = new MarkdownText(
      [
        '## Setup',
        '',
        'First sentence here. Second sentence, e.g. with an abbreviation, is longer than the first one. Third sentence runs past the budget for sure.',
        '',
        '```python',
        'import tower',
        '```',
      ].join('\n'),
    );
    const whole = doc.chunk(0, doc.length, 1000);
    assert.equal(whole.text, doc.text);
    assert.equal(whole.rest, 0);
    const cut = doc.chunk(0, doc.length, 130);
    assert.equal(cut.text, '## Setup\n\nFirst sentence here. Second sentence, e.g. with an abbreviation, is longer than the first one.');
    assert.equal(cut.rest, doc.length - doc.text.indexOf(' Third'));
    const code = new MarkdownText(`## Example\n\n\`\`\`bash\n${'tower deploy\n'.repeat(40)}\`\`\`\n\nAfter it.\n`);
    assert.equal(code.chunk(0, code.length, 200).text, '## Example\n\n[A bash block of 42 lines follows here.]');
    // With `enough`, the chunk stops at the first subheading once it has that much.
    assert.equal(text.chunk(run(text).start, run(text).end, 2000, 10).text, '## `tower run`\n\nRuns an app.');
  });

  describe('an excerpt: the opening, then the blocks with most of the query, each whole', () => {
    const filler = (topic: string) => `This paragraph is about ${topic} and says nothing else of use. `.repeat(3).trim();
    const doc = new MarkdownText(
      [
        '## `tower deploy`',
        '',
        'Packages the app and uploads it as a new version.',
        '',
        filler('progress bars'),
        '',
        '**Options**',
        '',
        '- `--create` creates the app first.',
        '- `--environment` picks where it goes.',
        '',
        filler('package sizes'),
        '',
        'The idempotency key is the commit SHA:',
        '',
        '```bash',
        'tower deploy --idempotency-key "$GIT_SHA"',
        '```',
        '',
        filler('uploads'),
        '',
      ].join('\n'),
    );
    const heading = doc.headings[0];
    const body = doc.bodyStart(heading);
    // Counts the words of the query a text has (what DocsSearch.relevance does with the engine's terms and weights).
    const counting =
      (...words: string[]) =>
      (text: string) =>
        words.filter((word) => text.toLowerCase().includes(word)).length;

    test('a section that fits comes whole, below its heading', () => {
      assert.equal(body, doc.text.indexOf('\n') + 1, 'the line after the heading');
      const whole = doc.excerpt(body, doc.length, 5000, 300, counting('commit'));
      assert.equal(whole.text, doc.text.slice(body).trim());
      assert.equal(whole.rest, 0);
    });

    test('a longer one keeps its opening and the blocks that match, in page order, with […] where blocks are left out', () => {
      const excerpt = doc.excerpt(body, doc.length, 400, 300, counting('idempotency', 'commit', 'environment'));
      assert.equal(
        excerpt.text,
        [
          'Packages the app and uploads it as a new version.',
          '[…]',
          // A bold line that stands for a heading comes with its list; a sentence ending in a colon with its code.
          '**Options**\n\n- `--create` creates the app first.\n- `--environment` picks where it goes.',
          '[…]',
          'The idempotency key is the commit SHA:\n\n```bash\ntower deploy --idempotency-key "$GIT_SHA"\n```',
        ].join('\n\n'),
      );
      assert.ok(excerpt.text.length <= 400);
      const shown = excerpt.text.split('\n\n[…]\n\n').reduce((sum, piece) => sum + piece.length, 0);
      assert.equal(excerpt.rest, doc.length - body - shown);
    });

    test('a budget that fits fewer blocks keeps the ones with most of the query', () => {
      const excerpt = doc.excerpt(body, doc.length, 200, 300, counting('idempotency', 'commit', 'environment'));
      assert.match(excerpt.text, /^Packages the app.*\n\n\[…\]\n\nThe idempotency key is the commit SHA:\n\n```bash\n.*\n```$/s);
    });

    test("with nothing to choose by, or an opening longer than the budget, it is the section's first blocks", () => {
      assert.deepEqual(doc.excerpt(body, doc.length, 400, 300, null), doc.chunk(body, doc.length, 400, 300));
      assert.deepEqual(doc.excerpt(body, doc.length, 40, 300, counting('commit')), doc.chunk(body, doc.length, 40, 300));
      // No block has the query: the opening alone.
      assert.equal(doc.excerpt(body, doc.length, 400, 300, counting('kubernetes')).text, 'Packages the app and uploads it as a new version.');
    });
  });

  test("an opening: the first paragraph's whole sentences, else its first sentence cut after a word outside code; short code whole, long code and tables named", () => {
    const opening = (markdown: string, max = 80) => {
      const doc = new MarkdownText(markdown);
      return doc.opening(0, doc.length, max);
    };
    assert.deepEqual(opening('## Heading\n\nFirst one. Second\none here.\n\nMore.'), {text: 'First one. Second one here.', rest: 7});
    assert.equal(opening('Short first sentence. A second sentence that is much too long to fit in what an opening may hold.').text, 'Short first sentence.');
    assert.equal(
      opening('A single sentence that runs on and on with `tower.run_app(name, environment, parameters)` in it and more').text,
      'A single sentence that runs on and on with…',
    );
    assert.equal(opening('```bash\ntower apps cancel my-app 13\n```\n\nAfter.').text, '```bash\ntower apps cancel my-app 13\n```');
    assert.equal(opening(`\`\`\`python\n${'x = 1\n'.repeat(30)}\`\`\``).text, '[A python block of 32 lines follows here.]');
    assert.equal(opening('| a | b |\n|---|---|\n| 1 | 2 |').text, '[A table of 3 lines follows here.]');
    assert.deepEqual(opening('## Only a heading\n'), {text: '', rest: 0});
  });
});

function run(markdown: MarkdownText) {
  const found = markdown.findSection('tower-run');
  assert.ok(found.ok);
  return found.section;
}

const SCHEMA = JSON.parse(readFileSync(path.join(ROOT, 'data/towerfile.schema.json'), 'utf8')) as object;
const RULES = createTowerfileRules(SCHEMA);
const REF = 'https://docs.tower.dev/docs/reference';
const LINKS: ReferenceLinks = {
  towerfilePage: `${REF}/towerfile`,
  cliPage: `${REF}/tower-cli`,
  cliSections: new Map([
    ['tower deploy', `${REF}/tower-cli#tower-deploy`],
    ['tower apps', `${REF}/tower-cli#tower-apps`],
    ['tower schedules create', `${REF}/tower-cli#tower-schedules-create`],
  ]),
};

describe('check_towerfile', () => {
  test('a valid Towerfile has no problems', () => {
    assert.deepEqual(checkTowerfile('[app]\nname = "daily-ticker"\nscript = "./main.py"\n', RULES, LINKS), {valid: true, problems: [], errors: 0, warnings: 0});
  });

  test('each problem has its key path, line, message and reference entry', () => {
    const report = checkTowerfile('[app]\nname = "x"\nscirpt = "main.py"\n\n[[parameters]]\nname = "MODEL_NAME"\nhidden = "yes"\n', RULES, LINKS);
    assert.equal(report.valid, false);
    assert.deepEqual(
      report.problems.map(({severity, key, line, reference}) => [severity, key, line, reference]),
      [
        ['error', 'app.script', 1, `${REF}/towerfile#appscript`],
        ['warning', 'app.scirpt', 3, `${REF}/towerfile#appscript`],
        ['error', 'parameters[0].hidden', 7, `${REF}/towerfile#parametershidden`],
      ],
    );
    assert.match(report.problems[1].message, /Unknown key "scirpt" in \[app\].* Did you mean "script"\?$/);
  });

  test('warnings alone leave a Towerfile valid', () => {
    const report = checkTowerfile('[app]\nname = "x"\nscript = "main.py"\nwat = 1\n', RULES, LINKS);
    assert.equal(report.valid, true);
    assert.deepEqual(
      report.problems.map(({severity, key}) => [severity, key]),
      [['warning', 'app.wat']],
    );
  });

  test('TOML that does not parse is one problem on its line', () => {
    const report = checkTowerfile('[app]\nname = "x\nscript = "main.py"\n', RULES, LINKS);
    assert.equal(report.valid, false);
    assert.equal(report.problems.length, 1);
    assert.equal(report.problems[0].line, 2);
    assert.equal(report.problems[0].message, 'This string has no closing quote: end it with " on the same line.');
    assert.equal(report.problems[0].reference, `${REF}/towerfile#common-errors`);
  });

  test('thousands of problems: the first ones listed, the rest counted, promptly', () => {
    const started = performance.now();
    const report = checkTowerfile(`[app]\nname = "x"\nscript = "main.py"\n${Array.from({length: 5000}, (_, i) => `k${i} = 1`).join('\n')}`, RULES, LINKS);
    // Generous: this took 27 s before the key lines were read once per check (reliability review, N1).
    assert.ok(performance.now() - started < 5000);
    assert.equal(report.valid, true);
    assert.equal(report.problems.length, 100);
    assert.equal(report.unlisted, 4900);
  });
});

const MANIFEST = JSON.parse(readFileSync(path.join(ROOT, 'data/cli-manifest.json'), 'utf8')) as CliManifest;
const CLI = new CliIndex(MANIFEST);
const CHANGES = JSON.parse(readFileSync(path.join(ROOT, 'data/cli-changes.json'), 'utf8')) as CliChanges;

describe('check_tower_command', () => {
  const check = (line: string) => checkTowerCommand(line, CLI, LINKS, CHANGES);
  const first = (line: string) => {
    const report = check(line);
    assert.ok(!('error' in report), line);
    return report.commands[0];
  };

  test('a valid command is valid, shows how it was read and links its reference entry', () => {
    assert.deepEqual(check('tower deploy --environment staging'), {
      valid: true,
      commands: [
        {
          words: ['tower', 'deploy', '--environment', 'staging'],
          command: 'tower deploy',
          flags: [{written: '--environment', flag: '--environment', value: 'staging'}],
          arguments: [],
          problems: [],
          warnings: [],
          reference: `${REF}/tower-cli#tower-deploy`,
        },
      ],
    });
  });

  test('the reading names each short flag, the value it took, and the argument each word fills', () => {
    const deploy = first('tower deploy -d ./app -f');
    assert.deepEqual(deploy.flags, [
      {written: '-d', flag: '--dir', value: './app'},
      {written: '-f', flag: '--create', value: null},
    ]);
    assert.equal(describeReading(deploy), 'tower deploy; -d = --dir "./app"; -f = --create');
    const logs = first('tower apps logs my-app 12 --follow');
    assert.deepEqual(logs.arguments, [
      {value: 'my-app', name: 'app_name'},
      {value: '12', name: 'run_number'},
    ]);
    assert.equal(describeReading(logs), 'tower apps logs; --follow; <app_name> = "my-app"; <run_number> = "12"');
    assert.deepEqual(first('tower secrets create -nKEY -v=x').flags, [
      {written: '-n', flag: '--name', value: 'KEY'},
      {written: '-v', flag: '--value', value: 'x'},
    ]);
    assert.deepEqual(first('tower apps list --envx prod').flags, [{written: '--envx', flag: null, value: null}]);
    assert.deepEqual(first('tower version extra').arguments, [{value: 'extra', name: null}]);
  });

  test('a short flag whose meaning changed is a warning that says what the line does now and what it meant', () => {
    const run = first('tower run -d ./my-app');
    assert.deepEqual(run.problems, []);
    assert.deepEqual(run.flags, [{written: '-d', flag: '--detached', value: null}]);
    assert.deepEqual(run.arguments, [{value: './my-app', name: 'app_name'}]);
    assert.deepEqual(run.warnings, [
      '-d means --detached since tower-cli 0.3.23; up to 0.3.22 it meant --dir. A line written for an older CLI does something else now.',
      '"./my-app" is read as the argument <app_name>, not as the DIR of --dir; for that, write --dir ./my-app.',
    ]);
    assert.equal(first('tower run -d').warnings.length, 1, 'no second warning without a word after the flag');
    assert.deepEqual(first('tower run --detached ./x').warnings, [], 'the long flag is not ambiguous');
    assert.deepEqual(first('tower deploy -d ./x').warnings, [], '-d of deploy has always been --dir');
  });

  test('a removed flag is a problem that says when it existed, in place of a guess at what was meant', () => {
    assert.deepEqual(first('tower apps create -s x --name y').problems, [
      'flag -s of "tower apps create" no longer exists: it was there from tower-cli 0.3.8 to 0.3.22, and apps are addressed by their name (slugs were removed)',
      'too many arguments for "tower apps create": it takes no arguments; unexpected: x',
    ]);
    assert.match(first('tower apps create --slug=x --name y').problems[0], /^flag --slug of "tower apps create" no longer exists/);
  });

  test('unknown commands and flags come with suggestions; the link goes to the part that exists', () => {
    const report = check('tower apps lst');
    assert.ok(!('error' in report));
    assert.equal(report.commands[0].command, 'tower apps');
    assert.equal(report.commands[0].reference, `${REF}/tower-cli#tower-apps`);
    assert.deepEqual(report.commands[0].problems, ['unknown command "tower apps lst" (did you mean "tower apps list"?)']);
    const flag = check('tower deploy --enviroment=staging');
    assert.ok(!('error' in flag));
    assert.deepEqual(flag.commands[0].problems, ['unknown flag --enviroment for "tower deploy" (did you mean --environment?)']);
  });

  test('missing values, missing required flags and conflicting flags', () => {
    const problems = (line: string) => {
      const report = check(line);
      assert.ok(!('error' in report));
      return report.commands.flatMap((command) => command.problems);
    };
    assert.deepEqual(problems('tower deploy --environment'), ['flag --environment of "tower deploy" needs a value (--environment <ENV>)']);
    assert.deepEqual(problems('tower schedules create --app daily-ticker'), ['"tower schedules create" is missing the required flag --cron <EXPR>']);
    assert.deepEqual(problems('tower deploy --all --environment staging'), ['flags --all and --environment of "tower deploy" cannot be used together']);
  });

  test('shell syntax: every tower command of the line is checked, other programs are not', () => {
    const report = check('cd app && TOWER_ENV=x tower deploy --environment staging | tee log && tower apps lst');
    assert.ok(!('error' in report));
    assert.equal(report.valid, false);
    assert.deepEqual(
      report.commands.map((command) => command.command),
      ['tower deploy', 'tower apps'],
    );
    assert.deepEqual(
      report.commands.map((command) => command.problems.length),
      [0, 1],
    );
  });

  test('a line without a tower command is refused with an example', () => {
    for (const line of ['ls -la', 'apps list', '# tower deploy', '<script>tower</script>']) {
      const report = check(line);
      assert.ok('error' in report, line);
      assert.match(report.error, /no `tower` command/);
    }
  });
});

function operation(id: string, slug: string, method: string, route: string, tag: string): ApiOperationEntry {
  return {
    id,
    slug,
    method,
    path: route,
    tag,
    summary: id,
    description: '',
    deprecated: false,
    url: `https://docs.tower.dev/docs/reference/api/${slug}`,
    markdown: `docs/reference/api/${slug}.md`,
    parameters: [],
    requestBody: null,
    responses: [],
    security: [],
    cli: null,
    sdk: null,
  };
}

describe('API operations', () => {
  const catalog = ApiCatalog.fromText(
    JSON.stringify({
      format: API_OPERATIONS_FORMAT,
      title: 'Tower API',
      version: '1',
      serverUrl: 'https://api.tower.dev/v1',
      tags: [
        {name: 'Apps', description: ''},
        {name: 'Secrets', description: ''},
      ],
      operations: [operation('listApps', 'list-apps', 'GET', '/apps', 'Apps'), operation('createSecret', 'create-secret', 'POST', '/secrets', 'Secrets')],
    }),
    'api-operations.json',
  );

  test('an operation is found by operationId, page name, page URL or method and path', () => {
    for (const reference of [
      'createSecret',
      'createsecret',
      'create-secret',
      'https://docs.tower.dev/docs/reference/api/create-secret',
      '/docs/reference/api/create-secret.md',
      'POST /secrets',
      'post /secrets',
    ]) {
      const found = catalog.find(reference);
      assert.ok(found.ok, reference);
      assert.equal(found.operation.id, 'createSecret');
    }
  });

  test('an unknown operation or tag is refused with a suggestion', () => {
    const missing = catalog.find('createSecrets');
    assert.ok(!missing.ok);
    assert.match(missing.message, /^There is no API operation "createSecrets"\. Did you mean "createSecret"\?/);
    assert.ok(!catalog.find('GET /secrets').ok);
    const tag = catalog.byTag('secret');
    assert.ok(!tag.ok);
    assert.equal(tag.message, 'There is no API tag "secret". Did you mean "Secrets"? The tags are: Apps, Secrets.');
  });

  test('tags match in any letter case; no tag lists everything', () => {
    const apps = catalog.byTag('apps');
    assert.ok(apps.ok);
    assert.equal(apps.tag, 'Apps');
    assert.deepEqual(
      apps.operations.map((entry) => entry.id),
      ['listApps'],
    );
    const all = catalog.byTag(undefined);
    assert.ok(all.ok);
    assert.equal(all.operations.length, 2);
  });

  test('a file of another format fails with the fix', () => {
    assert.throws(
      () => ApiCatalog.fromText('{"operations": []}', 'build/api-operations.json'),
      /build\/api-operations\.json is not an API operations file of format 1: rebuild the site/,
    );
    assert.throws(() => ApiCatalog.fromText('{', 'build/api-operations.json'), /is not valid JSON/);
  });
});

describe('search_docs: the adapter over the site engine', () => {
  const section = (heading: string, text: string, level = 2) => ({
    level,
    anchor: level === 1 ? null : heading.toLowerCase().replace(/\W+/g, '-'),
    heading,
    parents: [],
    text,
  });
  const page = (pagePath: string, trail: string[], title: string, sections: ExtractedPage['sections']): ExtractedPage => ({
    path: pagePath,
    trail,
    kind: kindOfRoute(pagePath),
    title,
    language: 'en',
    tags: ['docs-default-current'],
    sections,
  });
  const pages: ExtractedPage[] = [
    page('/docs/concepts/apps', ['Concepts'], 'Apps', [
      section('Apps', 'An app is code and a Towerfile. Schedules run apps.', 1),
      section('Schedules', 'A schedule runs an app on a cron expression.'),
    ]),
    page('/docs/reference/tower-cli', ['Reference'], 'Tower CLI', [
      section('Tower CLI', 'Every command.', 1),
      section('tower schedules create', 'Creates a schedule with --cron.'),
    ]),
    page('/docs/reference/api/create-schedule', ['Reference', 'Tower API', 'Schedules'], 'Create a schedule', [
      section('Create a schedule', 'POST /schedules creates a schedule <b>now</b>.', 1),
    ]),
    page('/docs/examples/orchestration', ['Examples'], 'Orchestration', [section('Orchestration', 'A schedule example.', 1)]),
  ];
  const files = buildSearchFiles(pages);
  const search = DocsSearch.fromIndexText(JSON.stringify(files.index), (file) => JSON.stringify(files.texts.get(file)));

  test('the kinds are the search page filters', () => {
    assert.deepEqual(
      SEARCH_KINDS,
      KIND_FILTERS.map((filter) => filter.id),
    );
  });

  const sectionsOf = (query: string, kind?: (typeof SEARCH_KINDS)[number]) => search.find(query, kind).ranked.flatMap((page) => page.sections);

  test('a kind keeps the order of the whole ranking and counts only its own pages', () => {
    const all = search.find('schedule');
    assert.equal(all.pages, 4);
    for (const kind of SEARCH_KINDS) {
      const some = search.find('schedule', kind);
      assert.deepEqual(
        sectionsOf('schedule', kind).map((section) => section.url),
        sectionsOf('schedule')
          .filter((section) => section.kind === kind)
          .map((section) => section.url),
        kind,
      );
      assert.equal(some.pages, some.ranked.length, kind);
    }
  });

  test('sections carry page, anchor, URL, title, breadcrumb, kind, score and the query words they matched', () => {
    const [best] = sectionsOf('cron', 'guides');
    assert.deepEqual(
      {...best, score: best.score > 0},
      {
        page: '/docs/concepts/apps',
        anchor: 'schedules',
        url: 'https://docs.tower.dev/docs/concepts/apps#schedules',
        title: 'Schedules',
        breadcrumb: ['Concepts', 'Apps'],
        kind: 'guides',
        score: true,
        matched: ['cron'],
      },
    );
    const [api] = sectionsOf('creates a schedule now', 'api');
    assert.deepEqual([api.anchor, api.breadcrumb], [null, ['Reference', 'Tower API', 'Schedules']], "a page's top section has no anchor");
  });

  test('says whether a section has every word, and which words no page has', () => {
    const both = search.find('schedule cron');
    assert.deepEqual([both.words, both.allWords, both.unmatched], [['schedule', 'cron'], true, []]);
    const partly = search.find('kubernetes schedule');
    assert.equal(partly.allWords, false);
    assert.deepEqual(partly.unmatched, ['kubernetes']);
    assert.ok(partly.ranked.every((page) => page.sections.every((section) => section.matched.join() === 'schedule')));
    // Each word is on some page, but no one section has both: nothing is "on no page".
    const apart = search.find('towerfile orchestration');
    assert.deepEqual([apart.allWords, apart.unmatched], [false, []]);
    const none = search.find('zzqqxxyy');
    assert.deepEqual([none.pages, none.allWords], [0, false]);
  });

  test("relevance weighs a text by the query's terms, rare ones most, those of the section's headings least", () => {
    const relevance = search.relevance('schedule cron', ['Concepts', 'Apps']);
    assert.ok(relevance);
    assert.equal(relevance('Nothing about it.'), 0);
    // Word forms count as the index counts them (stems), each term once however often it comes.
    assert.ok(relevance('Schedules run apps.') > 0);
    assert.equal(relevance('a schedule'), relevance('schedules and more schedules'));
    assert.ok(relevance('a schedule on a cron expression') > relevance('a schedule'));
    // "cron" is on one section, "schedule" on all four pages: finding "cron" tells more.
    assert.ok(relevance('cron') > relevance('schedule'));
    // Under a heading that already says "schedule", the text's "cron" is what counts.
    const under = search.relevance('schedule cron', ['Schedules'])!;
    assert.ok(under('schedule') < relevance('schedule'));
    assert.equal(under('cron'), relevance('cron'));
    // A query that is the heading itself leaves nothing to choose parts by.
    assert.equal(search.relevance('tower schedules create', ['Reference', 'Tower CLI', 'tower schedules create']), null);
  });

  test('the sections of each page, and reference sections by heading', () => {
    assert.deepEqual(search.sectionsByPage().get('/docs/concepts/apps'), [{heading: 'Schedules', anchor: 'schedules'}]);
    assert.equal(
      search.sectionUrls('/docs/reference/tower-cli').get('tower schedules create'),
      'https://docs.tower.dev/docs/reference/tower-cli#tower-schedules-create',
    );
    assert.deepEqual(
      search.pages().map((entry) => entry.path),
      pages.map((entry) => entry.path),
    );
  });
});

describe('the HTTP transport refuses, as JSON-RPC errors, before any MCP code runs', () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // Every request below is refused before the library is used: an empty one shows it is not.
    const handler = createHttpHandler({} as DocsLibrary, {host: '127.0.0.1', port, allowedHosts: ['docs.example:443'], version: 'test'});
    server.on('request', (incoming, outgoing) => void handler(incoming, outgoing));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  type Answer = {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: {jsonrpc?: string; error?: {code: number; message: string}; id?: null};
  };
  const send = (options: {method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer[]}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: options.method ?? 'POST',
          path: options.path ?? '/mcp',
          headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers},
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            try {
              resolve({status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as Answer['body']});
            } catch {
              reject(new Error(`HTTP ${response.statusCode}, not JSON: ${JSON.stringify(text).slice(0, 200)}`));
            }
          });
        },
      );
      outgoing.on('error', reject);
      if (Array.isArray(options.body)) {
        for (const chunk of options.body) outgoing.write(chunk);
        outgoing.end();
      } else outgoing.end(options.body ?? '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    });
  const batch = JSON.stringify([
    {jsonrpc: '2.0', id: 1, method: 'ping'},
    {jsonrpc: '2.0', id: 2, method: 'ping'},
  ]);

  test('a batch, even of one message or none, is refused as an invalid request', async () => {
    for (const body of [batch, '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', '[]']) {
      const answer = await send({body});
      assert.equal(answer.status, 400, body);
      assert.deepEqual(answer.body, {
        jsonrpc: '2.0',
        error: {code: -32600, message: 'Batches are not accepted: send one JSON-RPC message per request (MCP removed batching in protocol version 2025-06-18)'},
        id: null,
      });
    }
  });

  test('a body that is not JSON is a parse error; one over the limit is refused, chunked or not', async () => {
    assert.deepEqual((await send({body: '{"jsonrpc":'})).body.error, {code: -32700, message: 'Parse error: the body is not JSON'});
    const declared = await send({body: ' '.repeat(MAX_BODY_BYTES + 1)});
    assert.equal(declared.status, 413);
    assert.equal(declared.body.error?.code, -32000);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const chunked = await send({headers: {'Transfer-Encoding': 'chunked'}, body: Array.from({length: 9}, () => chunk)});
    assert.equal(chunked.status, 413);
    assert.match(chunked.body.error?.message ?? '', /over the limit of 524288 bytes/);
  });

  test('only the listening address, loopback names and --allowed-host values, each whole, are served hosts', async () => {
    const hostAnswer = async (host: string) => {
      const answer = await send({headers: {Host: host}, body: batch});
      return answer.status === 403 ? `refused: ${answer.body.error?.message}` : answer.status;
    };
    // Served hosts get as far as the batch check.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, 'docs.example:443', 'Docs.Example:443'])
      assert.equal(await hostAnswer(host), 400, host);
    // Look-alikes (DNS rebinding names that contain a served one) and other ports are not.
    for (const host of [
      'localhost.attacker.example',
      `localhost.attacker.example:${port}`,
      `localhost:${port}.attacker.example`,
      `127.0.0.1.attacker.example:${port}`,
      'attacker.example',
      'localhost',
      `localhost:${port + 1}`,
      'docs.example',
      'docs.example:443.attacker.example',
      'evil-docs.example:443',
    ]) {
      assert.match(String(await hostAnswer(host)), /^refused: Host ".*" is not served here/, host);
    }
  });

  test('web pages of any origin, other methods and other paths are refused', async () => {
    const origin = await send({headers: {Origin: 'http://127.0.0.1'}});
    assert.equal(origin.status, 403);
    const get = await send({method: 'GET', body: ''});
    assert.deepEqual([get.status, get.headers.allow, get.body.error?.code], [405, 'POST', -32000]);
    const elsewhere = await send({path: '/other'});
    assert.deepEqual([elsewhere.status, elsewhere.body.jsonrpc], [404, '2.0']);
  });
});

describe('the command line and the nginx upstream', () => {
  test('options: defaults, --build, --http with its options', () => {
    const defaults = parseArgs([]);
    assert.equal(defaults.http, false);
    assert.equal(defaults.buildDir, path.join(ROOT, 'build'));
    const http = parseArgs(['--http', '--port', '0', '--build', 'x', '--allowed-host', 'docs.example:443']);
    assert.deepEqual([http.http, http.port, http.buildDir, http.allowedHosts], [true, 0, path.resolve('x'), ['docs.example:443']]);
  });

  test('bad options are usage errors that say what is wrong', () => {
    assert.throws(
      () => parseArgs(['--port', '80']),
      (error: Error) => error instanceof UsageError && /--port applies to --http only/.test(error.message),
    );
    assert.throws(() => parseArgs(['--http', '--port', 'eighty']), /--port must be a number from 0 to 65535, not "eighty"/);
    assert.throws(() => parseArgs(['--http', '--port', '70000']), /--port must be a number/);
    assert.throws(() => parseArgs(['--build']), /--build needs a value/);
    assert.throws(() => parseArgs(['--verbose']), /unknown option --verbose/);
  });

  test('the /mcp upstream is host:port and nothing else', () => {
    assert.match(mcpUpstreamConf('127.0.0.1:8787'), /^proxy_pass http:\/\/127\.0\.0\.1:8787;$/m);
    assert.match(mcpUpstreamConf('[::1]:8787'), /proxy_pass http:\/\/\[::1\]:8787;/);
    for (const bad of ['127.0.0.1', '127.0.0.1:8787; return 200', 'http://127.0.0.1:8787', 'a b:1', '127.0.0.1:8787\nlisten 80']) {
      assert.throws(() => mcpUpstreamConf(bad), /--mcp-upstream must be host:port/, bad);
    }
  });
});
