/** A small CLI manifest in the real format, so the CLI tests do not depend on data/cli-manifest.json. */
import type {CliManifest} from '../../../lib/tower-cli';

export const TEST_CLI: CliManifest = {
  cliVersion: '0.0.0-test',
  globalFlags: [
    {long: '--json', short: '-j', value: null},
    {long: '--tower-url', short: '-u', value: 'URL'},
    {long: '--help', short: '-h', value: null},
  ],
  commands: [
    {path: 'login', group: false, hidden: false, args: [], flags: [{long: '--no-browser', short: '-n', value: null, repeatable: false}]},
    {path: 'apps', group: true, hidden: false, args: [], flags: []},
    {path: 'apps list', group: false, hidden: false, args: [], flags: [{long: '--environment', short: '-e', value: 'ENV', repeatable: false}]},
    {
      path: 'apps logs',
      group: false,
      hidden: false,
      args: [
        {name: 'app_name', required: true},
        {name: 'run_number', required: false},
      ],
      flags: [{long: '--follow', short: '-f', value: null, repeatable: false}],
    },
    {path: 'apps delete', group: false, hidden: false, args: [{name: 'app_name', required: true}], flags: [], aliases: ['rm']},
    {
      path: 'run',
      group: false,
      hidden: false,
      args: [{name: 'app_name', required: false}],
      flags: [
        {long: '--local', short: null, value: null, repeatable: false},
        {long: '--environment', short: '-e', value: 'ENV', repeatable: false},
        {long: '--parameter', short: '-p', value: 'KEY=VALUE', repeatable: true},
        {long: '--detached', short: '-d', value: null, repeatable: false},
      ],
    },
    {path: 'package', group: false, hidden: true, args: [], flags: [{long: '--output', short: '-o', value: 'PATH', repeatable: false, required: true}]},
    {path: 'secrets', group: true, hidden: false, args: [], flags: []},
    {
      path: 'secrets create',
      group: false,
      hidden: false,
      args: [],
      flags: [
        {long: '--name', short: '-n', value: 'NAME', repeatable: false, required: true},
        {long: '--value', short: '-v', value: 'VALUE', repeatable: false, required: true},
        {long: '--environment', short: '-e', value: 'ENV', repeatable: false},
      ],
    },
    {
      path: 'deploy',
      group: false,
      hidden: false,
      args: [],
      flags: [
        {long: '--environment', short: '-e', value: 'ENV', repeatable: false, conflictsWith: ['--all']},
        {long: '--all', short: null, value: null, repeatable: false, conflictsWith: ['--environment']},
        {long: '--idempotency-key', short: null, value: 'KEY', repeatable: false, conflictsWith: ['--no-idempotency-key']},
        {long: '--no-idempotency-key', short: null, value: null, repeatable: false, conflictsWith: ['--idempotency-key']},
      ],
    },
    {path: 'help', group: false, hidden: false, args: [{name: 'command', required: false}], flags: []},
  ],
};
