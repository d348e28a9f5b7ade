// @ts-check
/**
 * Lint for the whole repository (`npm run lint`, and a step of `npm test`).
 *
 * Besides the usual rules (typescript-eslint, React hooks, jsx-a11y) it keeps
 * the rooms of the repository importing one way (see "Project layout" in the
 * README):
 *
 *   docs/, docusaurus.config.ts, sidebars.ts -> plugins/, src/ -> lib/
 *
 * and scripts/, bench/ and tests/ are leaves: nothing imports bench/, only
 * tests/ imports tests/, and only tests/ and bench/ (which test and drive the
 * tools) import scripts/. mcp/ (the docs MCP server) is a program like
 * scripts/: it uses plugins/, src/ and lib/, and only tests/ and bench/ import
 * it. import-x resolves every import, `@site/...` aliases included, so the
 * rule sees where an import really lands.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import {createTypeScriptImportResolver} from 'eslint-import-resolver-typescript';
import globals from 'globals';

const CONFIG_FILES = ['./docusaurus.config.ts', './sidebars.ts'];

/** [importer, forbidden sources, why]: import-x/no-restricted-paths zones. */
const ROOMS = [
  [
    './lib',
    ['./src', './plugins', './scripts', './tests', './bench', './mcp', ...CONFIG_FILES],
    'lib/ holds the shared helpers and imports nothing else of the repository',
  ],
  [
    './src',
    ['./plugins', './scripts', './tests', './bench', './mcp', ...CONFIG_FILES],
    'src/ may import src/ and lib/ only (a plugin that needs theme code owns it through getThemePath)',
  ],
  ['./plugins', ['./scripts', './tests', './bench', './mcp', ...CONFIG_FILES], 'plugins may import plugins, src/ and lib/ only'],
  [CONFIG_FILES, ['./scripts', './tests', './bench', './mcp'], 'the site configuration may import plugins, src/ and lib/ only'],
  ['./scripts', ['./tests', './bench'], 'scripts/ is a leaf: shared code goes to lib/'],
  ['./mcp', ['./scripts', './tests', './bench'], 'mcp/ is a program of its own: what it shares with scripts/ goes to lib/ or src/'],
  ['./tests', ['./bench'], 'bench/ is a leaf that nothing imports'],
  ['./bench', ['./tests'], 'tests/ is a leaf that only tests import: shared code goes to lib/'],
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      'build-algolia/',
      '**/.docusaurus/',
      'docs/',
      'examples/',
      'static/',
      'bench/node_modules/',
      'bench/results/',
      'bench/starlight/',
      'bench/vanilla-site/build/',
      'bench/.vanilla-build/',
      // Stryker's sandbox copies of the repository (mutated code) and its reports.
      'bench/mutation/.stryker-tmp/',
      'bench/mutation/results/',
      '**/*.md',
      '**/*.mdx',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // React code: the site's components and the theme components plugins own.
    files: ['src/**/*.{ts,tsx}', 'plugins/*/theme/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: {...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks},
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A code block that scrolls sideways must take the keyboard focus to be scrollable without a mouse (axe: scrollable-region-focusable).
      // So must a scrolling table wrapper, which is a labelled region.
      'jsx-a11y/no-noninteractive-tabindex': ['error', {tags: ['pre'], roles: ['region']}],
      // The two classic hook rules. The plugin's React Compiler rules are left out: the site is not compiled by the React Compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: {...globals.node, ...globals.browser},
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    plugins: {'import-x': importX},
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({project: './tsconfig.json', alwaysTryTypes: true})],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: ROOMS.flatMap(([target, from, message]) => ({target, from, message})),
        },
      ],
      // Control characters are matched on purpose (rejecting them in input, placeholders that text cannot contain).
      'no-control-regex': 'off',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
      '@typescript-eslint/consistent-type-imports': ['error', {fixStyle: 'inline-type-imports'}],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
);
