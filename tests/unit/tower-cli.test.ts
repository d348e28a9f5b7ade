/**
 * The `tower` command reader (lib/tower-cli.ts), which the sample checker and the MCP server's
 * check_tower_command share: how a shell block becomes commands, and how a command is read with
 * clap's rules against the manifest.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {checkTowerArgs, CliIndex, readTowerArgs, shellCommands, type CliManifest} from '../../lib/tower-cli';
import {REPO_ROOT} from '../../lib/paths';
import {TEST_CLI as CLI} from './support/test-cli';

const INDEX = new CliIndex(CLI);
const tower = (line: string) => checkTowerArgs(line.split(' ').slice(1), INDEX);
const md = (...lines: string[]) => lines.join('\n');

describe('shell blocks: splitting into commands', () => {
  it('joins continuations, strips prompts and comments, splits on && ; |', () => {
    const commands = shellCommands(
      md(
        '# set up',
        '$ tower apps list \\',
        '    --environment prod   # only prod',
        'cd app && tower run; tower apps list | grep x',
        'echo "a; b && tower nope" # quoted',
      ),
    );
    assert.deepEqual(commands, [
      {offset: 1, words: ['tower', 'apps', 'list', '--environment', 'prod']},
      {offset: 3, words: ['cd', 'app']},
      {offset: 3, words: ['tower', 'run']},
      {offset: 3, words: ['tower', 'apps', 'list']},
      {offset: 3, words: ['grep', 'x']},
      {offset: 4, words: ['echo', 'a; b && tower nope']},
    ]);
  });

  it('keeps # inside a word, drops redirections and env assignments, skips heredoc bodies', () => {
    const commands = shellCommands(
      md('TOWER_API_KEY=sk-x tower apps logs my-app#3 > logs.txt 2>&1', "tower run <<'EOF'", 'tower this-is-input', 'EOF', 'tower apps logs <APP_NAME>'),
    );
    assert.deepEqual(
      commands.map((c) => c.words),
      [
        ['tower', 'apps', 'logs', 'my-app#3'],
        ['tower', 'run'],
        ['tower', 'apps', 'logs', '<APP_NAME>'],
      ],
    );
  });

  it('finds commands after shell keywords', () => {
    const commands = shellCommands('for env in staging prod; do tower deploy -e "$env"; done');
    assert.deepEqual(
      commands.map((c) => c.words),
      [['for', 'env', 'in', 'staging', 'prod'], ['tower', 'deploy', '-e', '$env'], ['done']],
    );
  });

  it('checks command substitutions as commands of their own', () => {
    const commands = shellCommands('export RUN="$(tower run --detached --json)"');
    assert.deepEqual(
      commands.map((c) => c.words),
      [
        ['export', 'RUN=$(tower run --detached --json)'],
        ['tower', 'run', '--detached', '--json'],
      ],
    );
  });

  it('in a console block with prompts, treats unprompted lines as output', () => {
    const commands = shellCommands(md('$ tower apps list', 'tower-demo  No description'), 'console');
    assert.deepEqual(
      commands.map((c) => c.words),
      [['tower', 'apps', 'list']],
    );
  });
});

describe('shell blocks: tower commands', () => {
  it('accepts real commands, flags in every form, global flags and placeholders', () => {
    for (const line of [
      'tower login',
      'tower login -n',
      'tower apps',
      'tower apps list --environment prod',
      'tower apps list --environment=prod',
      'tower apps list -e prod',
      'tower apps list -eprod',
      'tower --json apps list',
      'tower apps list -j',
      'tower -u https://example.test login',
      'tower apps logs my-app#3 --follow',
      'tower apps logs my-app 3 -f',
      'tower apps logs <APP_NAME>',
      'tower apps rm my-app',
      'tower run',
      'tower run my-app --local -p A=1 -p B=2 --parameter=C=3',
      'tower run -dj',
      'tower run -- -not-a-flag',
      'tower package -o out.tar.gz',
      'tower secrets create --name A --value "$A"',
      'tower secrets create -n A -v "$A" -e staging',
      'tower secrets create --help',
      'tower deploy --all --no-idempotency-key',
      'tower deploy -e staging --idempotency-key "$SHA"',
      'tower help apps logs',
      'tower apps --help',
      'tower apps logs --help',
      'tower --help',
    ]) {
      assert.deepEqual(tower(line), [], line);
    }
  });

  it('rejects an unknown command and suggests the closest one', () => {
    assert.deepEqual(tower('tower app list'), ['unknown command "tower app" (did you mean "tower apps"?)']);
    assert.deepEqual(tower('tower apps lst'), ['unknown command "tower apps lst" (did you mean "tower apps list"?)']);
    assert.deepEqual(tower('tower schedules'), ['unknown command "tower schedules"']);
    assert.deepEqual(tower('tower help aps'), ['"tower help" names an unknown command "tower aps"']);
    assert.deepEqual(tower('tower'), ['"tower" needs a command, e.g. "tower apps list"']);
  });

  it('rejects an unknown flag and suggests the closest one', () => {
    assert.deepEqual(tower('tower run --param A=1'), ['unknown flag --param for "tower run" (did you mean --parameter?)']);
    assert.deepEqual(tower('tower run --enviroment prod'), ['unknown flag --enviroment for "tower run" (did you mean --environment?)']);
    assert.deepEqual(tower('tower apps list --all'), ['unknown flag --all for "tower apps list"']);
    assert.deepEqual(tower('tower apps list -x'), ['unknown flag -x for "tower apps list"']);
    // a command's own flag is not accepted before the command is named
    assert.deepEqual(tower('tower --local run'), ['unknown flag --local']);
  });

  it('rejects an unknown letter anywhere in a bundle of short switches', () => {
    assert.deepEqual(tower('tower run -dx'), ['unknown flag -x for "tower run"']);
    assert.deepEqual(tower('tower run -xd'), ['unknown flag -x for "tower run"']);
    assert.deepEqual(tower('tower login -nq'), ['unknown flag -q for "tower login"']);
    assert.deepEqual(tower('tower run -djx'), ['unknown flag -x for "tower run"']);
  });

  it('rejects a flag that is missing its value', () => {
    assert.deepEqual(tower('tower apps list --environment'), ['flag --environment of "tower apps list" needs a value (--environment <ENV>)']);
    assert.deepEqual(tower('tower run -e --local'), ['flag -e of "tower run" needs a value (-e <ENV>)']);
    assert.deepEqual(tower('tower run -p'), ['flag -p of "tower run" needs a value (-p <KEY=VALUE>)']);
  });

  it('rejects a value on a switch', () => {
    assert.deepEqual(tower('tower run --local=true'), ['flag --local of "tower run" is a switch and takes no value (got "true")']);
    assert.deepEqual(tower('tower login -n=yes'), ['flag -n of "tower login" is a switch and takes no value (got "yes")']);
  });

  it('rejects too many positional arguments and missing required ones', () => {
    assert.deepEqual(tower('tower apps list extra'), ['too many arguments for "tower apps list": it takes no arguments; unexpected: extra']);
    assert.deepEqual(tower('tower apps logs a 1 2'), ['too many arguments for "tower apps logs": it takes at most 2 (<app_name> [run_number]); unexpected: 2']);
    assert.deepEqual(tower('tower apps delete'), ['"tower apps delete" needs the argument <app_name>']);
  });

  it('rejects a non-repeatable flag given twice', () => {
    assert.deepEqual(tower('tower run -e a -e b'), ['flag -e of "tower run" can be given only once']);
  });

  it('rejects a command that leaves out a required flag, naming the flag', () => {
    assert.deepEqual(tower('tower secrets create --name A'), ['"tower secrets create" is missing the required flag --value <VALUE>']);
    assert.deepEqual(tower('tower secrets create -e staging'), [
      '"tower secrets create" is missing the required flag --name <NAME>',
      '"tower secrets create" is missing the required flag --value <VALUE>',
    ]);
    assert.deepEqual(tower('tower package'), ['"tower package" is missing the required flag --output <PATH>']);
  });

  it('rejects flags that cannot be combined, in long and short form, once per pair', () => {
    assert.deepEqual(tower('tower deploy --environment staging --all'), ['flags --environment and --all of "tower deploy" cannot be used together']);
    assert.deepEqual(tower('tower deploy --all -e production'), ['flags --all and -e (--environment) of "tower deploy" cannot be used together']);
    assert.deepEqual(tower('tower deploy --all -e production --idempotency-key=k --no-idempotency-key'), [
      'flags --all and -e (--environment) of "tower deploy" cannot be used together',
      'flags --idempotency-key and --no-idempotency-key of "tower deploy" cannot be used together',
    ]);
  });

  it('refuses a manifest whose conflicts name an unknown flag or are declared on one side only', () => {
    const withFlags = (flags: CliManifest['commands'][number]['flags']): CliManifest => ({
      globalFlags: [],
      commands: [{path: 'deploy', group: false, hidden: false, args: [], flags}],
    });
    assert.throws(
      () => new CliIndex(withFlags([{long: '--all', short: null, value: null, conflictsWith: ['--environmnt']}])),
      /data\/cli-manifest.json: flag --all of "tower deploy" conflicts with --environmnt, which "tower deploy" does not have/,
    );
    assert.throws(
      () =>
        new CliIndex(
          withFlags([
            {long: '--all', short: null, value: null, conflictsWith: ['--environment']},
            {long: '--environment', short: '-e', value: 'ENV'},
          ]),
        ),
      /flag --all of "tower deploy" conflicts with --environment, but --environment does not list --all in its conflictsWith/,
    );
  });
});

describe('the real CLI manifest', () => {
  const real = new CliIndex(JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/cli-manifest.json'), 'utf8')) as CliManifest);
  const check = (line: string) => checkTowerArgs(line.split(' ').slice(1), real);

  it('knows the required flags of tower-cli 0.3.70', () => {
    assert.deepEqual(check('tower apps create --description x'), ['"tower apps create" is missing the required flag --name <NAME>']);
    assert.deepEqual(check('tower secrets create --name A'), ['"tower secrets create" is missing the required flag --value <VALUE>']);
    assert.deepEqual(check('tower schedules create --app a'), ['"tower schedules create" is missing the required flag --cron <EXPR>']);
    assert.deepEqual(check('tower schedules create -c x'), ['"tower schedules create" is missing the required flag --app <APP>']);
    assert.deepEqual(check('tower environments create'), ['"tower environments create" is missing the required flag --name <NAME>']);
    assert.deepEqual(check('tower environments delete'), ['"tower environments delete" is missing the required flag --name <NAME>']);
    assert.deepEqual(check('tower catalogs knowledge set lake n'), ['"tower catalogs knowledge set" is missing the required flag --statement <TEXT>']);
    assert.deepEqual(check('tower package'), ['"tower package" is missing the required flag --output <PATH>']);
  });

  it('rejects an unknown letter in a bundle of real switches (the mutation audit, M5)', () => {
    assert.deepEqual(check('tower deploy -fx'), ['unknown flag -x for "tower deploy"']);
    assert.deepEqual(check('tower login -nq'), ['unknown flag -q for "tower login"']);
    assert.deepEqual(check('tower deploy -f'), []);
  });

  it('knows the conflicting flags of tower-cli 0.3.70', () => {
    assert.deepEqual(check('tower catalogs list --storage --type x'), ['flags --storage and --type of "tower catalogs list" cannot be used together']);
    assert.deepEqual(check('tower deploy --all -e staging'), ['flags --all and -e (--environment) of "tower deploy" cannot be used together']);
    assert.deepEqual(check('tower deploy --idempotency-key k --no-idempotency-key'), [
      'flags --idempotency-key and --no-idempotency-key of "tower deploy" cannot be used together',
    ]);
    // not conflicts in clap, whatever a synopsis might suggest
    assert.deepEqual(check('tower catalogs list --all -e staging'), []);
    assert.deepEqual(check('tower secrets list --all -e staging'), []);
  });
});
