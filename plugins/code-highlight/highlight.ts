/**
 * Syntax highlighting at build time. Prism runs in Node while the MDX is
 * compiled, so the browser receives finished markup and never downloads,
 * initialises or runs a highlighter (see index.ts for why that matters).
 */
import {createRequire} from 'node:module';
import {escapeHtml} from '../../src/search/text';

const require = createRequire(import.meta.url);
/** A Prism token: a type, optional aliases, and content that may nest further tokens. */
type PrismToken = {type: string; alias?: string | string[]; content: PrismContent};
type PrismContent = string | PrismToken | (string | PrismToken)[];

/** The part of Prism used here (prismjs ships no types of its own). */
type PrismApi = {
  highlight: (code: string, grammar: unknown, language: string) => string;
  tokenize: (code: string, grammar: unknown) => (string | PrismToken)[];
  languages: Record<string, unknown>;
};

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

function grammarOf(language: string): string | null {
  const name = language.toLowerCase();
  if (PLAIN_LANGUAGES.has(name)) return null;
  const grammarName = LANGUAGES[name];
  if (!grammarName) throw new UnknownLanguageError(language);
  return grammarName;
}

/** The code as HTML: Prism token spans (`<span class="token keyword">`), text escaped. */
export function highlightToHtml(code: string, language: string): string {
  const grammarName = grammarOf(language);
  if (grammarName === null) return escapeHtml(code);
  return Prism.highlight(code, Prism.languages[grammarName], grammarName);
}

/**
 * The same markup as `highlightToHtml`, one string per line of code. A token that runs over
 * several lines (a docstring) is closed at the end of each line and opened again on the next, so
 * every line is complete markup on its own and can be wrapped (see lines.ts).
 */
export function highlightToLines(code: string, language: string): string[] {
  const grammarName = grammarOf(language);
  if (grammarName === null) return code.split('\n').map(escapeHtml);
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  const text = (value: string) => {
    value.split('\n').forEach((part, index) => {
      if (index > 0) {
        lines.push(current + '</span>'.repeat(open.length));
        current = open.join('');
      }
      current += escapeHtml(part);
    });
  };
  const walk = (content: PrismContent) => {
    if (typeof content === 'string') return text(content);
    if (Array.isArray(content)) return content.forEach(walk);
    const aliases = content.alias === undefined ? [] : Array.isArray(content.alias) ? content.alias : [content.alias];
    const tag = `<span class="${['token', content.type, ...aliases].join(' ')}">`;
    open.push(tag);
    current += tag;
    walk(content.content);
    open.pop();
    current += '</span>';
  };
  walk(Prism.tokenize(code, Prism.languages[grammarName]));
  lines.push(current);
  return lines;
}
