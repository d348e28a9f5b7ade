/**
 * The searches an empty /search page (and a search that finds nothing)
 * offers: what readers come to the docs for most, in the words they type.
 * The build checks that each one finds pages (postBuild in ./index.ts), so an
 * entry that stops matching fails the build with its name.
 */
export const POPULAR_SEARCHES: readonly string[] = [
  'deploy an app',
  'schedule',
  'secrets',
  'environments',
  'parameters',
  'run logs',
  'Towerfile',
  'tower.run_app',
];
