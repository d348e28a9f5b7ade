/**
 * Syntax highlighting at build time. Prism runs in Node while the MDX is
 * compiled, so the browser receives finished markup and never downloads,
 * initialises or runs a highlighter (see index.ts for why that matters).
 */
import {createRequire} from 'node:module';
import {escapeHtml} from '../../lib/html';

const require = createRequire(import.meta.url);
/** The part of Prism used here (prismjs ships no types of its own). */
type PrismApi = {highlight: (code: string, grammar: unknown, language: string) => string; languages: Record<string, unknown>};

const Prism = require('prismjs') as PrismApi;
const loadLanguages = require('prismjs/components/index.js') as (languages: string[]) => void;

/** Fence languages the docs may use, mapped to Prism grammars. */
export const LANGUAGES: Readonly<Record<string, string>> = {
  bash: 'bash',
  shell: 'bash',
  sh: 'bash',
  python: 'python',
  py: 'python',
  json: 'json',
  toml: 'toml',
  yaml: 'yaml',
  yml: 'yaml',
  sql: 'sql',
};

/** Fence languages shown as they are, without highlighting. */
export const PLAIN_LANGUAGES: ReadonlySet<string> = new Set(['', 'text', 'txt', 'plain', 'console', 'output']);

loadLanguages([...new Set(Object.values(LANGUAGES))]);

export class UnknownLanguageError extends Error {
  constructor(readonly language: string) {
    super(
      `code block language "${language}" has no highlighter: use one of ` +
        `${[...Object.keys(LANGUAGES), 'text'].join(', ')}, or add it to LANGUAGES in plugins/code-highlight/highlight.ts`,
    );
  }
}

/** The code as HTML: Prism token spans (`<span class="token keyword">`), text escaped. */
export function highlightToHtml(code: string, language: string): string {
  const name = language.toLowerCase();
  if (PLAIN_LANGUAGES.has(name)) return escapeHtml(code);
  const grammarName = LANGUAGES[name];
  if (!grammarName) throw new UnknownLanguageError(language);
  return Prism.highlight(code, Prism.languages[grammarName], grammarName);
}
