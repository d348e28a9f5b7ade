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

describe('shell words as the shell reads them', () => {
  const words = (line: string) => shellCommands(line).map((c) => c.words);

  it('splits on tabs as on spaces', () => {
    assert.deepEqual(words('tower\tapps\t\tlist'), [['tower', 'apps', 'list']]);
  });

  it('honours quotes, escaped quotes inside double quotes, and backslashes outside them', () => {
    assert.deepEqual(words(`tower secrets create --name 'A B' --value "say \\"hi\\" \\\\ \\$HOME \\n"`), [
      ['tower', 'secrets', 'create', '--name', 'A B', '--value', 'say "hi" \\ $HOME \\n'],
    ]);
    assert.deepEqual(words('tower secrets create --name A\\ B --value x\\;y'), [['tower', 'secrets', 'create', '--name', 'A B', '--value', 'x;y']]);
    assert.deepEqual(words("echo 'unclosed"), [['echo', 'unclosed']]);
    assert.deepEqual(words('echo "unclosed'), [['echo', 'unclosed']]);
    assert.deepEqual(words('echo \\'), [['echo']], 'a backslash that ends the block adds no word');
  });

  it('checks $(...) and backtick substitutions, quoted or not, as commands of their own', () => {
    assert.deepEqual(words('echo $(tower apps list) done'), [
      ['echo', '$(tower apps list)', 'done'],
      ['tower', 'apps', 'list'],
    ]);
    assert.deepEqual(words('echo `tower apps lst` done'), [
      ['echo', '`tower apps lst`', 'done'],
      ['tower', 'apps', 'lst'],
    ]);
    assert.deepEqual(words('echo `tower run'), [
      ['echo', '`tower run'],
      ['tower', 'run'],
    ]);
    assert.deepEqual(words('echo $ (x)'), [['echo', '$'], ['x']]);
    // A ) inside quotes does not close the substitution; nor does an escaped quote end the quote.
    assert.deepEqual(words(`echo "$(tower secrets create --name 'a)b' --value "c\\")d")"`), [
      ['echo', `$(tower secrets create --name 'a)b' --value "c\\")d")`],
      ['tower', 'secrets', 'create', '--name', 'a)b', '--value', 'c")d'],
    ]);
    assert.deepEqual(words('echo $(tower run $(tower apps list))'), [
      ['echo', '$(tower run $(tower apps list))'],
      ['tower', 'run', '$(tower apps list)'],
      ['tower', 'apps', 'list'],
    ]);
    assert.deepEqual(words('echo $(tower run'), [
      ['echo', '$(tower run'],
      ['tower', 'run'],
    ]);
  });

  it('drops every kind of redirection but keeps placeholders, and keeps & after < or > only', () => {
    assert.deepEqual(words('tower apps list >out.txt 2>&1 <in.txt >>log 2> err &>all'), [['tower', 'apps', 'list']]);
    assert.deepEqual(words('tower apps logs <APP> >&2'), [['tower', 'apps', 'logs', '<APP>']]);
    assert.deepEqual(words('tower apps logs <a>b'), [['tower', 'apps', 'logs']]);
    assert.deepEqual(words('tower apps logs x<APP>'), [['tower', 'apps', 'logs', 'x<APP>']]);
    assert.deepEqual(words('tower run & tower apps list'), [
      ['tower', 'run'],
      ['tower', 'apps', 'list'],
    ]);
    assert.deepEqual(words('tower run x&'), [['tower', 'run', 'x']]);
    assert.deepEqual(words('tower run <<<"input"'), [['tower', 'run']]);
    assert.deepEqual(words('tower run > '), [['tower', 'run']]);
  });

  it('skips the body of a here-document, with or without a dash, up to its delimiter only', () => {
    const block = md('tower run <<-END', '  tower not-a-command', '  END', 'tower apps list', 'cat << EOF', 'tower nope', 'EOF', 'tower run');
    assert.deepEqual(
      shellCommands(block).map((c) => [c.offset, ...c.words]),
      [
        [0, 'tower', 'run'],
        [3, 'tower', 'apps', 'list'],
        [4, 'cat'],
        [7, 'tower', 'run'],
      ],
    );
    assert.deepEqual(
      shellCommands(md('tower run <<EOF', 'tower nope')).map((c) => c.words),
      [['tower', 'run']],
      'a body that is never closed runs to the end',
    );
  });

  it('skips leading variable assignments and every shell keyword before a command', () => {
    for (const keyword of ['if', 'then', 'else', 'elif', 'while', 'until', 'do', 'time', '!', '{']) {
      assert.deepEqual(words(`${keyword} tower apps list`), [['tower', 'apps', 'list']], keyword);
    }
    assert.deepEqual(words('A=1 B_2=x tower run'), [['tower', 'run']]);
    assert.deepEqual(words('tower run A=1'), [['tower', 'run', 'A=1']], 'an assignment after the command is an argument');
    assert.deepEqual(words('1A=x tower run'), [['1A=x', 'tower', 'run']], 'not a variable name');
    assert.deepEqual(words('A=1'), [], 'a line of assignments only is no command');
    assert.deepEqual(words('fi; ; done'), [['fi'], ['done']]);
  });

  it('joins continued lines, but not after an escaped backslash, and not past the last line', () => {
    assert.deepEqual(
      shellCommands(md('tower apps list \\', '  --environment prod', 'echo a\\\\', 'tower run', 'tower run \\')).map((c) => [c.offset, ...c.words]),
      [
        [0, 'tower', 'apps', 'list', '--environment', 'prod'],
        [2, 'echo', 'a\\'],
        [3, 'tower', 'run'],
        [4, 'tower', 'run'],
      ],
    );
    assert.deepEqual(
      shellCommands(md('\\', 'tower run')).map((c) => c.words),
      [['tower', 'run']],
    );
  });

  it('reads a prompt only as "$" at the start of a line followed by a space or nothing', () => {
    const block = md('  $ tower apps list', '$tower run', 'x $ tower run', '$', 'tower apps lst');
    assert.deepEqual(
      shellCommands(block, 'console').map((c) => c.words),
      [['tower', 'apps', 'list']],
      'in a console block only the prompted lines count',
    );
    assert.deepEqual(
      shellCommands(block).map((c) => c.words),
      [
        ['tower', 'apps', 'list'],
        ['$tower', 'run'],
        ['x', '$', 'tower', 'run'],
        ['tower', 'apps', 'lst'],
      ],
      'other languages read every line',
    );
    assert.deepEqual(
      shellCommands(md('tower apps list', 'output'), 'console').map((c) => c.words),
      [['tower', 'apps', 'list'], ['output']],
      'a console block without prompts is all commands',
    );
  });
});

describe('tower commands read with clap rules, in detail', () => {
  it('suggests only subcommands of the group reached, or top-level ones', () => {
    assert.deepEqual(tower('tower secrets lst'), ['unknown command "tower secrets lst"']);
    assert.deepEqual(tower('tower secrets creat'), ['unknown command "tower secrets creat" (did you mean "tower secrets create"?)']);
    assert.deepEqual(tower('tower lst'), ['unknown command "tower lst"']);
    assert.deepEqual(tower('tower secret'), ['unknown command "tower secret" (did you mean "tower secrets"?)']);
  });

  it('takes a word after a positional argument as an argument, not as a subcommand', () => {
    assert.deepEqual(tower('tower apps logs list'), []);
    assert.deepEqual(tower('tower help apps'), []);
    assert.deepEqual(tower('tower help apps list'), []);
  });

  it('reads a value that starts with a dash only when it is a negative number or a lone dash', () => {
    assert.deepEqual(tower('tower run -e -1'), []);
    assert.deepEqual(tower('tower run -e -'), []);
    assert.deepEqual(tower('tower run -p -x'), ['flag -p of "tower run" needs a value (-p <KEY=VALUE>)', 'unknown flag -x for "tower run"']);
    assert.deepEqual(tower('tower apps logs -3'), [], 'a negative number is an argument, not a flag');
    assert.deepEqual(
      tower('tower apps list -'),
      ['too many arguments for "tower apps list": it takes no arguments; unexpected: -'],
      'a lone dash is an argument',
    );
  });

  it('reads the value of a short flag written inside its bundle, after = or at the end', () => {
    assert.deepEqual(tower('tower run -de=prod'), []);
    assert.deepEqual(tower('tower run -de'), ['flag -e of "tower run" needs a value (-e <ENV>)']);
    assert.deepEqual(tower('tower run -de='), ['flag -e of "tower run" needs a value (-e <ENV>)']);
    assert.deepEqual(tower('tower run -e= prod'), ['flag -e of "tower run" needs a value (-e <ENV>)'], 'the word after -e= is not its value');
    assert.deepEqual(tower('tower run -=x'), ['malformed flag -=x']);
    assert.deepEqual(tower('tower run -d=1'), ['flag -d of "tower run" is a switch and takes no value (got "1")']);
  });

  it('reports a repeated flag once, however often it repeats, and names it as first written', () => {
    assert.deepEqual(tower('tower run --environment a -e b -e c'), ['flag -e of "tower run" can be given only once']);
    assert.deepEqual(tower('tower run -p A=1 -p B=2 -p C=3'), []);
    assert.deepEqual(tower('tower deploy -e production --all --environment x'), [
      'flag --environment of "tower deploy" can be given only once',
      'flags -e (--environment) and --all of "tower deploy" cannot be used together',
    ]);
  });

  it('takes any number of arguments for a variadic command, and none beyond the others', () => {
    const index = new CliIndex({
      globalFlags: [],
      commands: [
        {path: 'rm', group: false, hidden: false, args: [{name: 'names', required: true, multiple: true}], flags: []},
        {path: 'get', group: false, hidden: false, args: [{name: 'name', required: true, multiple: false}], flags: []},
      ],
    });
    assert.deepEqual(checkTowerArgs(['rm', 'a', 'b', 'c'], index), []);
    assert.deepEqual(checkTowerArgs(['rm'], index), ['"tower rm" needs the argument <names>']);
    assert.deepEqual(checkTowerArgs(['get', 'a', 'b', 'c'], index), ['too many arguments for "tower get": it takes at most 1 (<name>); unexpected: b c']);
  });

  it('needs a command at the top level, unless the reader asks for help', () => {
    assert.deepEqual(tower('tower --json'), ['"tower" needs a command, e.g. "tower apps list"']);
    assert.deepEqual(tower('tower -h'), []);
    assert.deepEqual(tower('tower apps'), [], 'a group alone lists its commands');
  });

  it('knows help without the manifest listing it, and skips the required checks for it', () => {
    const bare = new CliIndex({globalFlags: [], commands: CLI.commands});
    assert.deepEqual(checkTowerArgs(['run', '--help'], bare), []);
    assert.deepEqual(checkTowerArgs(['package', '-h'], bare), []);
    assert.deepEqual(checkTowerArgs(['apps', 'delete', '--help'], bare), []);
    assert.deepEqual(checkTowerArgs(['package'], bare), ['"tower package" is missing the required flag --output <PATH>']);
    assert.deepEqual(checkTowerArgs(['run', '--hlp'], bare), ['unknown flag --hlp for "tower run" (did you mean --help?)']);
  });

  it('reads flags written without their dashes in the manifest, and flags with one name only', () => {
    const index = new CliIndex({
      globalFlags: [{long: 'verbose', short: 'v', value: null}],
      commands: [
        {
          path: 'go',
          group: false,
          hidden: false,
          args: [],
          flags: [
            {long: null, short: 'q', value: null, repeatable: false},
            {long: 'target', short: null, value: 'T', required: true},
          ],
        },
      ],
    });
    assert.deepEqual(checkTowerArgs(['go', '-vq', '--verbose', '--target=x'], index), []);
    assert.deepEqual(checkTowerArgs(['go', '-q', '-q', '--target', 'x'], index), ['flag -q of "tower go" can be given only once']);
    assert.deepEqual(checkTowerArgs(['go', '-q'], index), ['"tower go" is missing the required flag --target <T>']);
    assert.deepEqual(checkTowerArgs(['go', '--targt', '--target', 'y'], index), ['unknown flag --targt for "tower go" (did you mean --target?)']);
    assert.deepEqual(checkTowerArgs(['go', '-t', 'x'], index), [
      'unknown flag -t for "tower go"',
      'too many arguments for "tower go": it takes no arguments; unexpected: x',
      '"tower go" is missing the required flag --target <T>',
    ]);
  });

  it('names a conflicting flag as written, with its long name when it was written short', () => {
    assert.deepEqual(tower('tower deploy -e production --all'), ['flags -e (--environment) and --all of "tower deploy" cannot be used together']);
    assert.deepEqual(tower('tower deploy --no-idempotency-key --idempotency-key k'), [
      'flags --no-idempotency-key and --idempotency-key of "tower deploy" cannot be used together',
    ]);
  });

  it('tells a caller which command the words reached', () => {
    assert.equal(readTowerArgs(['apps', 'list', '-e', 'x'], INDEX).command?.path, 'apps list');
    assert.equal(readTowerArgs(['apps', 'rm', 'x'], INDEX).command?.path, 'apps delete');
    assert.equal(readTowerArgs(['apps', 'nope'], INDEX).command?.path, 'apps');
    assert.equal(readTowerArgs(['--json'], INDEX).command, undefined);
  });
});
