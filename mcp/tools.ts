/**
 * The docs MCP server: its instructions, six tools and the resources (the
 * llms files and every page's Markdown twin), over a loaded DocsLibrary.
 * Both transports build one of these per connection (stdio) or per request
 * (HTTP); it holds nothing but a reference to the read-only library.
 *
 * Every answer comes once: a tool that returns records (search results,
 * checks, the operation list) gives them as structured content under its
 * output schema, with a short text summary beside it; a tool that returns a
 * document (a page, a section, an operation) gives its Markdown as text. No
 * answer is longer than ANSWER_PART_CHARS: a longer text comes in parts, each
 * saying how much is left and how to ask for the next.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import {AjvJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/ajv';
import * as z from 'zod';
import {DOCS_MCP} from '../src/constants';
import {checkTowerCommand, checkTowerfile, describeReading} from './checks';
import type {DocsLibrary} from './library';
import {MAX_PAGE_INPUT} from './pages';
import {ANSWER_PART_CHARS, listResources, readResource} from './resources';
import {SEARCH_KINDS, type FoundSection} from './search';
import type {MarkdownText} from './twin';

export const SERVER_NAME = DOCS_MCP.name;
export const SERVER_TITLE = DOCS_MCP.title;
export const MAX_QUERY = 300;
export const MAX_TOWERFILE = 64 * 1024;
export const MAX_COMMAND_LINE = 4096;
/** Results a search returns at most, and by default. */
export const MAX_SEARCH_LIMIT = 10;
export const DEFAULT_SEARCH_LIMIT = 3;
/**
 * The best search result's text (about 250 tokens): its section whole when
 * it fits, else its opening and the blocks with most of the query
 * (MarkdownText.excerpt). Chosen from what agents do with the answer: when
 * the text lacks the answer they read the whole section, so the characters a
 * task costs are the excerpt plus those reads. Over the agent-task suite's
 * tuning tasks that sum is lowest at 800 to 1,000 characters; below 800 the
 * reads come back (at 600, four more tasks need one), above it every task
 * costs more for nothing it lacked (bench:mcp, README).
 */
export const RESULT_CHARS = 1000;
/** A code sample (code_language searches): one whole block of a usual length, cut at a line beyond it. */
export const CODE_CHARS = 2000;
/** The other results' text: their opening, to judge them by; get_page with their URL reads the rest. */
export const LEAD_CHARS = 160;
/** A section's own text ends at its first subheading; a shorter one goes on into its subsections. */
const ENOUGH_CHARS = 300;
/** Sections a search looks through for code samples of a language, at most. */
const CODE_SECTIONS = 60;

/** Languages of code fences, by the names agents use for them. */
const LANGUAGE_ALIASES: Record<string, string> = {
  py: 'python',
  python3: 'python',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  txt: 'text',
};
const languageOf = (name: string) => LANGUAGE_ALIASES[name.toLowerCase()] ?? name.toLowerCase();

export function instructions(library: DocsLibrary): string {
  return [
    `Tower's documentation (${library.siteUrl}) for tower-cli ${library.cliVersion}: how to install and use the tower CLI, the Tower Python SDK, the Towerfile, the Tower HTTP API v1, concepts, guides and examples.`,
    "This server only reads the published documentation. It never calls Tower itself and cannot see the user's apps, runs or secrets; to act on an account, use the Tower CLI (or its own MCP server, `tower mcp-server`).",
    'Which tool when:',
    '- search_docs: first, to find where something is documented. The first result gives the text of its section (whole when short, else its opening and the parts that match the query, "[…]" where parts are left out), the others their opening; each has its URL. Narrow it with kind ("guides", "examples", "cli", "sdk", "towerfile", "api"); ask for code samples of a language with code_language.',
    '- get_page: to read on from a result. Give it a URL with an anchor (or a section) to read just that section; without one it reads the whole page. Long answers come in parts: call again with the offset the answer gives.',
    '- list_api_operations and get_api_operation: for the HTTP API v1 (method, path, parameters, responses, authentication).',
    '- check_towerfile: after writing or editing a Towerfile, before telling the user it is ready. Fix every problem it reports; each links its reference entry.',
    '- check_tower_command: before suggesting or running a `tower` command line. It shows how the CLI reads each word, and warns where a flag changed meaning between releases.',
    "Resources: llms.txt is the index of every page; each page's Markdown twin is a resource at its page URL plus .md; long ones come in parts (?part=1, ?part=2, ...).",
    'Quote URLs from the results so the user can check the source.',
  ].join('\n');
}

function text(value: string): CallToolResult['content'][number] {
  return {type: 'text', text: value};
}

/** A tool's answer to input it cannot use: a clear message the agent can act on. */
function refuse(message: string): CallToolResult {
  return {isError: true, content: [text(message)]};
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
const quoted = (words: string[]) => words.map((word) => `"${word}"`).join(words.length === 2 ? ' and ' : ', ');

/**
 * A part of [start, end) of a Markdown text, with the line that says how much
 * is left and how to ask for it (`again` names the arguments to repeat).
 */
function partOf(markdown: MarkdownText, start: number, end: number, offset: number, again: string): {body: string; footer: string} {
  const part = markdown.part(start, end, offset, ANSWER_PART_CHARS);
  const total = end - start;
  const from = part.start - start;
  const to = part.end - start;
  if (from === 0 && to === total) return {body: part.text, footer: ''};
  const left = total - to;
  const footer =
    left > 0
      ? `[Characters ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}; ${plural(left, 'character')} left. Read on: ${again} with offset ${to}.]`
      : `[Characters ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}: the end.]`;
  return {body: part.text, footer};
}

/** The anchors of a page's H2 and H3 sections, for an agent to pick one instead of reading every part. */
function outline(markdown: MarkdownText): string {
  const anchors = markdown.headings
    .filter((heading) => heading.anchor && heading.level <= 3)
    .map((heading) => `${heading.level === 3 ? '  ' : ''}#${heading.anchor}`);
  return `Sections of this page (get_page with one of these as section reads just that part):\n${anchors.join('\n')}`;
}

type SearchResult = {
  title: string;
  url: string;
  breadcrumb: string;
  score: number;
  /** Only when the section lacks some words of the query. */
  matched?: string[];
  text?: string;
  more_chars?: number;
  language?: string;
};

const resultShape = z.object({
  title: z.string().describe("The section's heading (the page title for the top of a page)."),
  url: z.string().describe('The section on the site, anchor included: get_page takes it to read the whole section.'),
  breadcrumb: z.string().describe('Where the section sits: the page trail, its title and the headings above.'),
  score: z.number().describe('Relevance against the best result of this search (1).'),
  matched: z.array(z.string()).optional().describe('Given when the section lacks some words of the query: the words it has.'),
  text: z
    .string()
    .optional()
    .describe(
      "The first result: its section's Markdown below the heading, whole when short, else its opening and the blocks with most of the query, each whole, with […] where blocks are left out. The others: their opening sentence. get_page with the url reads the whole section. With code_language, each result's code block.",
    ),
  more_chars: z.number().optional().describe('Characters of the section that text leaves out, when some are; get_page with the url reads them.'),
  language: z.string().optional().describe('The language of the code in text (code_language searches only).'),
});

const operationSummaryShape = z.object({id: z.string(), method: z.string(), path: z.string(), tag: z.string(), summary: z.string()});

const towerfileProblemShape = z.object({
  severity: z.enum(['error', 'warning']),
  key: z.string(),
  line: z.number().nullable(),
  message: z.string(),
  reference: z.string(),
});

const commandShape = z.object({
  words: z.array(z.string()).describe('The words of the command as the shell splits them.'),
  command: z.string().describe('The command the words reach, e.g. "tower apps list".'),
  flags: z
    .array(z.object({written: z.string(), flag: z.string().nullable(), value: z.string().nullable()}))
    .describe('Each flag as written, the flag it is (null: unknown) and the value it took (null: a switch, or none).'),
  arguments: z
    .array(z.object({value: z.string(), name: z.string().nullable()}))
    .describe('Each positional word and the argument it fills (null: one too many).'),
  problems: z.array(z.string()).describe('Why the CLI would refuse the line.'),
  warnings: z.array(z.string()).describe('The line runs, but maybe not as meant (a flag whose meaning changed between releases).'),
  reference: z.string().describe("The command's entry in the CLI reference."),
});

/**
 * Built once: every server (one per HTTP request) shares these schemas and
 * one JSON Schema validator (the SDK would otherwise build an Ajv per server).
 */
const VALIDATOR = new AjvJsonSchemaValidator();

const CLI_VERSION = z.string().describe('The tower-cli release the documentation describes.');

const SEARCH_INPUT = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, 'query is empty: give the words to search for')
    .max(MAX_QUERY, `query is longer than ${MAX_QUERY} characters: search for a few words`)
    .describe(
      'What to look for, as in the search box of the site: a command (tower deploy), a function (tower.run_app), a Towerfile key, an API path (GET /apps) or a few words about the task.',
    ),
  kind: z
    .enum(SEARCH_KINDS, `kind must be one of ${SEARCH_KINDS.join(', ')}`)
    .optional()
    .describe(
      'Only pages of one kind, as the search page filters them: guides (concepts and how-tos), examples, cli (the CLI reference), sdk (the Python SDK reference), towerfile (the Towerfile reference) or api (HTTP API operations).',
    ),
  code_language: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+#-]{1,20}$/, 'code_language is a language name such as python, bash or toml, or "any"')
    .optional()
    .describe(
      'Code samples instead of prose: the code blocks in this language (python, bash, toml, json, yaml, text, ...; "any" for all) of the sections that match, each with its section URL.',
    ),
  limit: z
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_SEARCH_LIMIT, `limit must be at most ${MAX_SEARCH_LIMIT}`)
    .optional()
    .describe(`How many results (default ${DEFAULT_SEARCH_LIMIT}): the best section of each of the best pages, or with code_language that many code blocks.`),
});

const SEARCH_OUTPUT = z.object({
  cli_version: CLI_VERSION,
  pages: z.number().describe('How many pages match in all.'),
  all_words: z.boolean().describe('Whether some section has every word of the query; when false, the results match only some of them.'),
  note: z.string().nullable().describe('What the results lack, when they do: words no page has, or that no section has them all.'),
  results: z.array(resultShape),
});

const GET_PAGE_INPUT = z.strictObject({
  url_or_path: z
    .string()
    .min(1, 'url_or_path is empty: give a page URL or path such as /docs/concepts/apps')
    .max(MAX_PAGE_INPUT, `url_or_path is longer than ${MAX_PAGE_INPUT} characters`)
    .describe(
      'The page: its URL (https://docs.tower.dev/docs/concepts/apps), path (/docs/concepts/apps) or Markdown URL (.md). An anchor (#schedules) reads just that section.',
    ),
  section: z
    .string()
    .trim()
    .min(1, 'section is empty: leave it out to read the whole page')
    .max(200, 'section is longer than 200 characters')
    .optional()
    .describe('A section to read instead of the whole page: its anchor (tower-run) or its heading text (tower run). Wins over an anchor in url_or_path.'),
  offset: z
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .optional()
    .describe('Where to go on in a long page or section: the offset the previous answer named. Answers longer than about 8,000 tokens come in parts.'),
});

const LIST_OPERATIONS_INPUT = z.strictObject({
  tag: z
    .string()
    .trim()
    .min(1, 'tag is empty: leave it out to list every operation')
    .max(100, 'tag is longer than 100 characters')
    .optional()
    .describe('Only the operations of this tag (any letter case).'),
});

const LIST_OPERATIONS_OUTPUT = z.object({
  tag: z.string().nullable(),
  count: z.number(),
  api: z.string().describe('The API and its base URL.'),
  operations: z
    .array(operationSummaryShape)
    .describe('Each operation: its id (get_api_operation takes it; its page is /docs/reference/api/<id>), method, path, tag and summary.'),
});

const GET_OPERATION_INPUT = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1, 'id is empty: give an operationId such as list-apps')
    .max(300, 'id is longer than 300 characters')
    .describe('The operation: its operationId (list-apps), its page URL, or its method and path (GET /apps).'),
  offset: z
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .optional()
    .describe('Where to go on in a long operation page: the offset the previous answer named.'),
});

const CHECK_TOWERFILE_INPUT = z.strictObject({
  text: z
    .string()
    .min(1, 'text is empty: give the whole Towerfile')
    .max(MAX_TOWERFILE, `text is longer than ${MAX_TOWERFILE} characters; a Towerfile is a few lines`)
    .describe('The whole Towerfile (TOML), as it is or will be saved.'),
});

const CHECK_TOWERFILE_OUTPUT = z.object({
  valid: z.boolean(),
  cli_version: CLI_VERSION,
  problems: z.array(towerfileProblemShape),
  unlisted: z.number().int().optional().describe('Problems found beyond the ones listed (at most 100 are listed, errors first).'),
});

const CHECK_COMMAND_INPUT = z.strictObject({
  line: z
    .string()
    .min(1, 'line is empty: give a command line such as "tower apps list"')
    .max(MAX_COMMAND_LINE, `line is longer than ${MAX_COMMAND_LINE} characters`)
    .describe('A shell command line with one or more tower commands, e.g. "tower deploy --environment production".'),
});

const CHECK_COMMAND_OUTPUT = z.object({valid: z.boolean(), cli_version: CLI_VERSION, commands: z.array(commandShape)});

/**
 * The best section of each of the best pages; when there are fewer pages than
 * results asked for, the next-best sections of those pages. They come best
 * first by their own score (the engine orders pages by more than their best
 * section), so the section with the text is the one that scored highest. Its
 * heading is left out of the text (the title gives it); the others give their
 * opening to judge them by. When the query has words no page has (`offTopic`),
 * the docs do not cover it: every result gives only its opening, rather than
 * spend an agent's context on a section about something else.
 */
function sectionResults(
  library: DocsLibrary,
  query: string,
  ranked: Array<{sections: FoundSection[]}>,
  {words, limit, offTopic}: {words: number; limit: number; offTopic: boolean},
): SearchResult[] {
  const picked: FoundSection[] = [];
  for (let depth = 0; picked.length < limit && ranked.some((page) => page.sections.length > depth); depth++) {
    for (const page of ranked) {
      if (picked.length < limit && page.sections[depth]) picked.push(page.sections[depth]);
    }
  }
  picked.sort((a, b) => b.score - a.score);
  const best = picked[0]?.score || 1;
  return picked.map((found, index) => {
    const markdown = library.twin(found.page);
    const heading = found.anchor ? markdown.headings.find((entry) => entry.anchor === found.anchor) : markdown.headings.find((entry) => entry.level === 1);
    const start = heading ? markdown.bodyStart(heading) : 0;
    // A page's top section is its introduction: up to its first subheading.
    const end = found.anchor && heading ? markdown.sectionAt(heading).end : (markdown.headings.find((entry) => entry.level > 1)?.start ?? markdown.length);
    const chunk =
      index === 0 && !offTopic
        ? markdown.excerpt(start, end, RESULT_CHARS, ENOUGH_CHARS, library.search.relevance(query, [...found.breadcrumb, found.title]))
        : markdown.opening(start, end, LEAD_CHARS);
    return resultOf(found, best, words, chunk.text || null, chunk.rest);
  });
}

function resultOf(found: FoundSection, top: number, words: number, body: string | null, rest: number, language?: string): SearchResult {
  return {
    title: found.title,
    url: found.url,
    breadcrumb: found.breadcrumb.join(' › '),
    score: Math.round((100 * found.score) / top) / 100,
    ...(found.matched.length < words ? {matched: found.matched} : {}),
    ...(body === null ? {} : {text: body}),
    ...(rest > 0 ? {more_chars: rest} : {}),
    ...(language ? {language} : {}),
  };
}

/**
 * Code blocks of one language from the matching sections, best section first;
 * within a section, the blocks with the most words of the query first.
 */
function codeResults(
  library: DocsLibrary,
  ranked: Array<{sections: FoundSection[]}>,
  words: string[],
  language: string,
  limit: number,
  top: number,
): SearchResult[] {
  const wanted = languageOf(language);
  const results: SearchResult[] = [];
  const taken = new Set<string>();
  const hits = (code: string) => words.filter((word) => code.toLowerCase().includes(word.toLowerCase())).length;
  for (const found of ranked.flatMap((page) => page.sections).slice(0, CODE_SECTIONS)) {
    if (results.length >= limit) break;
    const markdown = library.twin(found.page);
    const heading = found.anchor ? markdown.headings.find((entry) => entry.anchor === found.anchor) : markdown.headings.find((entry) => entry.level === 1);
    if (!heading) continue;
    const section = markdown.sectionAt(heading);
    const blocks = markdown
      .blocks(section.start, section.end)
      .filter((block) => block.kind === 'code' && !taken.has(`${found.page}:${block.start}`) && (wanted === 'any' || languageOf(block.language) === wanted))
      .map((block) => ({block, hits: hits(markdown.text.slice(block.start, block.end))}))
      .sort((a, b) => b.hits - a.hits);
    for (const {block} of blocks) {
      if (results.length >= limit) break;
      taken.add(`${found.page}:${block.start}`);
      const part = markdown.part(block.start, block.end, 0, CODE_CHARS);
      results.push(resultOf(found, top, words.length, part.text, block.end - part.end, languageOf(block.language) || 'text'));
    }
  }
  return results;
}

export function createDocsServer(library: DocsLibrary, version: string): McpServer {
  const server = new McpServer(
    {name: SERVER_NAME, title: SERVER_TITLE, version},
    {instructions: instructions(library), jsonSchemaValidator: VALIDATOR, capabilities: {resources: {}}},
  );
  const docs = `Tower docs for tower-cli ${library.cliVersion}`;

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Tower documentation',
      description:
        "Searches the Tower documentation with the site's own search engine and ranking (typos and word prefixes are forgiven). " +
        'Returns the best section of each of the best pages, best first: URL with anchor, breadcrumb, score and the query words it matched; the first with its Markdown (whole when short, else its opening and the blocks that match the query, about 250 tokens), the others with their opening. Says when no page has all the words. ' +
        'With code_language, returns code samples of that language instead.',
      inputSchema: SEARCH_INPUT,
      outputSchema: SEARCH_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({query, kind, code_language, limit}) => {
      const found = library.search.find(query, kind);
      const top = found.ranked[0]?.sections[0]?.score || 1;
      const count = limit ?? DEFAULT_SEARCH_LIMIT;
      const results = code_language
        ? codeResults(library, found.ranked, found.words, code_language, count, top)
        : sectionResults(library, query, found.ranked, {words: found.words.length, limit: count, offTopic: found.unmatched.length > 0});
      let note: string | null = null;
      if (found.pages > 0 && !found.allWords) {
        note =
          found.unmatched.length > 0
            ? `No page of the documentation has all the words: ${quoted(found.unmatched)} ${found.unmatched.length === 1 ? 'is' : 'are'} on no page${kind ? ` of kind ${kind}` : ''}. The results match only ${quoted([...new Set(found.ranked.flatMap((page) => page.sections.flatMap((section) => section.matched)))])}, so they are likely not about what was asked.`
            : `No section of the documentation has all the words; each result has some of them (see matched).`;
      }
      let summary: string;
      if (found.pages === 0) {
        summary = `No page of the documentation matches "${query}"${kind ? ` (kind ${kind})` : ''}. Try other words, or fewer of them. (${docs})`;
      } else if (results.length === 0) {
        summary = `${plural(found.pages, 'page matches', 'pages match')} "${query}", but their matching sections have no ${code_language} code. Search without code_language, or with another language. (${docs})`;
      } else {
        const what = code_language
          ? plural(results.length, `${languageOf(code_language) === 'any' ? '' : `${languageOf(code_language)} `}code sample`)
          : plural(results.length, 'section');
        summary = [
          ...(note ? [note] : []),
          `${plural(found.pages, 'page matches', 'pages match')} in the ${docs}; ${what} in the structured content. Best: ${results[0].url}`,
        ].join('\n');
      }
      return {
        content: [text(summary)],
        structuredContent: {cli_version: library.cliVersion, pages: found.pages, all_words: found.allWords, note, results},
      };
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a documentation page or section',
      description:
        'Returns a page of the Tower documentation as Markdown, or one section of it: give a URL with an anchor (from search_docs) or a section. ' +
        'A section is its heading and everything under it. A page or section longer than about 8,000 tokens comes in parts; each part says how much is left and the offset to read on from.',
      inputSchema: GET_PAGE_INPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({url_or_path, section, offset}) => {
      const found = library.lookupPage(url_or_path);
      if (!found.ok) return refuse(found.message);
      const markdown = library.twin(found.route);
      const name = section ?? found.anchor;
      let start = 0;
      let end = markdown.length;
      let where = `${library.siteUrl}${found.route}`;
      let place = '';
      if (name) {
        const wanted = markdown.findSection(name);
        if (!wanted.ok) {
          const anchors = wanted.anchors;
          const shown = anchors.slice(0, 60).map((anchor) => `#${anchor}`);
          return refuse(
            `${wanted.message} ${anchors.length ? `Its sections: ${shown.join(', ')}${anchors.length > shown.length ? `, and ${anchors.length - shown.length} more` : ''}.` : 'It has no sections below its title.'} Leave section out to read the whole page.`,
          );
        }
        ({start, end} = wanted.section);
        if (wanted.section.heading.anchor) where += `#${wanted.section.heading.anchor}`;
        place = `\nSection: ${[...wanted.section.trail, wanted.section.heading.text].join(' › ')}`;
      }
      if ((offset ?? 0) >= end - start && (offset ?? 0) > 0) {
        return refuse(`offset ${offset} is past the end: this ${name ? 'section' : 'page'} has ${plural(end - start, 'character')}.`);
      }
      const again = `get_page with the same url_or_path${section ? ' and section' : ''}`;
      const {body, footer} = partOf(markdown, start, end, offset ?? 0, again);
      const head = `Source: ${where} (${docs})${place}`;
      const map = !name && footer && !offset ? `\n\n${outline(markdown)}` : '';
      return {content: [text(`${head}${map}\n\n${body.trimEnd()}${footer ? `\n\n${footer}` : ''}`)]};
    },
  );

  server.registerTool(
    'list_api_operations',
    {
      title: 'List the Tower API operations',
      description: `Lists the operations of the Tower HTTP API v1 (operationId, method, path, tag, summary), all of them or those of one tag. Tags: ${library.api.tags.map((tag) => tag.name).join(', ')}.`,
      inputSchema: LIST_OPERATIONS_INPUT,
      outputSchema: LIST_OPERATIONS_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({tag}) => {
      const listed = library.api.byTag(tag);
      if (!listed.ok) return refuse(listed.message);
      const operations = listed.operations.map(({id, method, path, tag: group, summary}) => ({id, method, path, tag: group, summary}));
      const api = `${library.api.file.title} ${library.api.file.version}, ${library.api.file.serverUrl}`;
      const tags = [...new Set(operations.map((operation) => operation.tag))];
      return {
        content: [
          text(
            `${plural(operations.length, 'operation')}${listed.tag ? ` tagged ${listed.tag}` : ` in ${plural(tags.length, 'tag')}`} of the ${api}, listed in the structured content; get_api_operation gives the reference of one.`,
          ),
        ],
        structuredContent: {tag: listed.tag, count: operations.length, api, operations},
      };
    },
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Read one Tower API operation',
      description:
        'Returns the reference of one Tower HTTP API v1 operation as Markdown: method, path, authentication, parameters, request body, responses and examples. ' +
        'Name it by operationId (list-apps), page URL, or method and path (GET /apps).',
      inputSchema: GET_OPERATION_INPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({id, offset}) => {
      const found = library.api.find(id);
      if (!found.ok) return refuse(found.message);
      const {markdown: twinPath, ...operation} = found.operation;
      const lookup = library.lookupPage(`/${twinPath}`);
      if (!lookup.ok) return refuse(`The page of ${operation.id} is missing from this build (${twinPath}): rebuild the site.`);
      const markdown = library.twin(lookup.route);
      if ((offset ?? 0) > 0 && (offset ?? 0) >= markdown.length)
        return refuse(`offset ${offset} is past the end: this page has ${plural(markdown.length, 'character')}.`);
      const {body, footer} = partOf(markdown, 0, markdown.length, offset ?? 0, 'get_api_operation with the same id');
      return {content: [text(`Source: ${operation.url} (${docs})\n\n${body.trimEnd()}${footer ? `\n\n${footer}` : ''}`)]};
    },
  );

  server.registerTool(
    'check_towerfile',
    {
      title: 'Check a Towerfile',
      description:
        "Parses a Towerfile (TOML) and checks it with the rules of the documentation's Towerfile checker: the Towerfile schema plus the rules Tower applies beyond it (the script must be packaged, a hidden parameter has no default...). " +
        'Each problem is an error (Tower refuses the file) or a warning (accepted, but will not do what was meant) and names its key path (app.name, parameters[1].hidden), its line and the reference entry of the key. Unknown keys are problems too, since they are usually typos.',
      inputSchema: CHECK_TOWERFILE_INPUT,
      outputSchema: CHECK_TOWERFILE_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({text: towerfile}) => {
      const report = checkTowerfile(towerfile, library.towerfile, library.links);
      const {errors, warnings} = report;
      const verdict =
        report.problems.length === 0
          ? 'The Towerfile is valid.'
          : `The Towerfile is ${report.valid ? 'valid, with warnings' : 'not valid'}: ${[errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(' and ')} (each with its key, line and reference link in the structured content):`;
      const shown = report.problems.slice(0, 10).map((problem) => `- ${problem.severity}${problem.line ? ` at line ${problem.line}` : ''}: ${problem.message}`);
      const hidden = errors + warnings - shown.length;
      const more = hidden > 0 ? [`- and ${plural(hidden, 'more problem')}`] : [];
      return {
        content: [text([verdict, ...shown, ...more, `(${docs})`].join('\n'))],
        structuredContent: {
          valid: report.valid,
          cli_version: library.cliVersion,
          problems: report.problems,
          ...(report.unlisted ? {unlisted: report.unlisted} : {}),
        },
      };
    },
  );

  server.registerTool(
    'check_tower_command',
    {
      title: 'Check a tower command line',
      description:
        `Checks a \`tower\` command line against the CLI's commands and flags (tower-cli ${library.cliVersion}) and shows how the CLI reads it: the command, each flag with its value and each argument with the name it fills. ` +
        'Reports unknown commands and flags (with suggestions), missing values and arguments, missing required flags and flags that cannot be used together, ' +
        'and warns where a short flag meant something else in older releases. Shell syntax is understood: quotes, &&, pipes, $(...), leading VAR=value. Each command links its reference entry.',
      inputSchema: CHECK_COMMAND_INPUT,
      outputSchema: CHECK_COMMAND_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({line}) => {
      const report = checkTowerCommand(line, library.cli, library.links, library.cliChanges);
      if ('error' in report) return refuse(report.error);
      const lines = report.commands.flatMap((entry) => [
        `${entry.problems.length === 0 ? (entry.warnings.length ? 'Runs, with warnings' : 'OK') : 'Problems'}: ${entry.words.join(' ')}`,
        `  read as: ${describeReading(entry)}`,
        ...entry.problems.map((problem) => `  - ${problem}`),
        ...entry.warnings.map((warning) => `  ! ${warning}`),
      ]);
      return {
        content: [text([...lines, `(checked against ${docs}; reference links in the structured content)`].join('\n'))],
        structuredContent: {valid: report.valid, cli_version: library.cliVersion, commands: report.commands},
      };
    },
  );

  server.server.setRequestHandler(ListResourcesRequestSchema, (request) => listResources(library, version, request.params?.cursor));
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        name: 'page',
        title: 'Documentation page (Markdown)',
        uriTemplate: `${library.siteUrl}/docs/{+page}.md{?part}`,
        description: `The Markdown twin of a documentation page; one longer than ${ANSWER_PART_CHARS.toLocaleString('en-US')} characters is read in parts (?part=1, ?part=2, ...).`,
        mimeType: 'text/markdown',
      },
    ],
  }));
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(library, version, request.params.uri));

  return server;
}
