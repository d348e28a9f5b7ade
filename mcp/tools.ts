/**
 * The docs MCP server: its instructions, six tools and the resources (the
 * llms files and every page's Markdown twin), over a loaded DocsLibrary.
 * Both transports build one of these per connection (stdio) or per request
 * (HTTP); it holds nothing but a reference to the read-only library.
 */
import {McpServer, ResourceTemplate} from '@modelcontextprotocol/sdk/server/mcp.js';
import {ErrorCode, McpError, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {AjvJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/ajv';
import * as z from 'zod';
import {checkTowerCommand, checkTowerfile} from './checks';
import {LLMS_FILES, type DocsLibrary} from './library';
import {MAX_PAGE_INPUT} from './pages';
import {SEARCH_KINDS, type DocsHit} from './search';

export const SERVER_NAME = 'tower-docs';
export const MAX_QUERY = 300;
export const MAX_TOWERFILE = 64 * 1024;
export const MAX_COMMAND_LINE = 4096;
/** Pages a search returns at most; each comes with up to three of its sections. */
export const MAX_SEARCH_LIMIT = 20;
export const DEFAULT_SEARCH_LIMIT = 5;

export function instructions(library: DocsLibrary): string {
  return [
    `Tower's documentation (${library.siteUrl}): how to install and use the tower CLI (version ${library.cliVersion}), the Tower Python SDK, the Towerfile, the Tower HTTP API v1, concepts, guides and examples.`,
    "This server only reads the published documentation. It never calls Tower itself and cannot see the user's apps, runs or secrets; to act on an account, use the Tower CLI (or its own MCP server, `tower mcp-server`).",
    'Which tool when:',
    '- search_docs: first, to find where something is documented. Narrow it with kind: "guides" (concepts and how-tos), "examples", "cli", "sdk", "towerfile" or "api".',
    '- get_page: to read a whole page as Markdown, with a URL or path from search_docs, llms.txt or a link in another page.',
    '- list_api_operations and get_api_operation: for the HTTP API v1 (method, path, parameters, responses, authentication).',
    '- check_towerfile: after writing or editing a Towerfile, before telling the user it is ready. Fix every problem it reports; each links its reference entry.',
    '- check_tower_command: before suggesting or running a `tower` command line. It knows every command, flag and required argument of the CLI.',
    "Resources: llms.txt is the index of every page; each page's Markdown twin is a resource at its page URL plus .md.",
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

function formatHits(query: string, pages: number, hits: DocsHit[]): string {
  if (hits.length === 0) return `No page of the documentation matches "${query}". Try other words, or fewer of them.`;
  const shown = new Set(hits.map((hit) => hit.page)).size;
  const lines = [`${pages} ${pages === 1 ? 'page matches' : 'pages match'} "${query}"; the best sections of the first ${shown}:`];
  hits.forEach((hit, i) => {
    lines.push(`${i + 1}. ${hit.title}: ${hit.url}`);
    lines.push(`   ${[...hit.breadcrumb, hit.title].join(' > ')} (${hit.kind ?? 'index page'}; get_page ${hit.page})`);
    if (hit.snippet) lines.push(`   ${hit.snippet}`);
  });
  return lines.join('\n');
}

const hitShape = z.object({
  title: z.string(),
  url: z.string(),
  page: z.string(),
  breadcrumb: z.array(z.string()),
  snippet: z.string(),
  kind: z.enum(SEARCH_KINDS).nullable(),
});

const operationSummaryShape = z.object({id: z.string(), method: z.string(), path: z.string(), tag: z.string(), summary: z.string(), url: z.string()});

const towerfileProblemShape = z.object({
  severity: z.enum(['error', 'warning']),
  key: z.string(),
  line: z.number().nullable(),
  message: z.string(),
  reference: z.string(),
});

const commandShape = z.object({words: z.array(z.string()), command: z.string(), problems: z.array(z.string()), reference: z.string()});

/**
 * Built once: every server (one per HTTP request) shares these schemas and
 * one JSON Schema validator (the SDK would otherwise build an Ajv per server).
 */
const VALIDATOR = new AjvJsonSchemaValidator();

const SEARCH_INPUT = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, 'query is empty: give the words to search for')
    .max(MAX_QUERY, `query is longer than ${MAX_QUERY} characters: search for a few words`),
  kind: z
    .enum(SEARCH_KINDS, `kind must be one of ${SEARCH_KINDS.join(', ')}`)
    .optional()
    .describe(
      'Only pages of one kind, as the search page filters them: guides (concepts and how-tos), examples, cli (the CLI reference), sdk (the Python SDK reference), towerfile (the Towerfile reference) or api (HTTP API operations).',
    ),
  limit: z
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_SEARCH_LIMIT, `limit must be at most ${MAX_SEARCH_LIMIT}`)
    .optional()
    .describe(`How many pages to return (default ${DEFAULT_SEARCH_LIMIT}); each comes with up to three of its best sections.`),
});

const SEARCH_OUTPUT = z.object({query: z.string(), kind: z.enum(SEARCH_KINDS).nullable(), pages: z.number(), hits: z.array(hitShape)});

const GET_PAGE_INPUT = z.strictObject({
  url_or_path: z
    .string()
    .min(1, 'url_or_path is empty: give a page URL or path such as /docs/concepts/apps')
    .max(MAX_PAGE_INPUT, `url_or_path is longer than ${MAX_PAGE_INPUT} characters`),
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

const LIST_OPERATIONS_OUTPUT = z.object({tag: z.string().nullable(), count: z.number(), operations: z.array(operationSummaryShape)});

const GET_OPERATION_INPUT = z.strictObject({
  id: z.string().trim().min(1, 'id is empty: give an operationId such as list-apps').max(300, 'id is longer than 300 characters'),
});

const CHECK_TOWERFILE_INPUT = z.strictObject({
  text: z
    .string()
    .min(1, 'text is empty: give the whole Towerfile')
    .max(MAX_TOWERFILE, `text is longer than ${MAX_TOWERFILE} characters; a Towerfile is a few lines`),
});

const CHECK_TOWERFILE_OUTPUT = z.object({valid: z.boolean(), problems: z.array(towerfileProblemShape), unlisted: z.number().int().optional()});

const CHECK_COMMAND_INPUT = z.strictObject({
  line: z
    .string()
    .min(1, 'line is empty: give a command line such as "tower apps list"')
    .max(MAX_COMMAND_LINE, `line is longer than ${MAX_COMMAND_LINE} characters`),
});

const CHECK_COMMAND_OUTPUT = z.object({valid: z.boolean(), commands: z.array(commandShape)});

export function createDocsServer(library: DocsLibrary, version: string): McpServer {
  const server = new McpServer(
    {name: SERVER_NAME, title: 'Tower documentation', version},
    {instructions: instructions(library), jsonSchemaValidator: VALIDATOR},
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Tower documentation',
      description:
        "Searches every page of the Tower documentation with the site's own search engine and ranking (typos and word prefixes are forgiven), as its search page does. " +
        'Returns the best-matching pages, each with up to three of its best sections: title, URL, breadcrumb and a text snippet.',
      inputSchema: SEARCH_INPUT,
      outputSchema: SEARCH_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({query, kind, limit}) => {
      const result = library.search.search(query, {kind, limit: limit ?? DEFAULT_SEARCH_LIMIT});
      return {
        content: [text(formatHits(query, result.pages, result.hits))],
        structuredContent: {query, kind: kind ?? null, pages: result.pages, hits: result.hits},
      };
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a documentation page',
      description:
        'Returns one page of the Tower documentation as Markdown. Accepts the page URL (https://docs.tower.dev/docs/concepts/apps), ' +
        'its path (/docs/concepts/apps, an anchor is ignored) or its Markdown URL (.md).',
      inputSchema: GET_PAGE_INPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({url_or_path}) => {
      const found = library.lookupPage(url_or_path);
      if (!found.ok) return refuse(found.message);
      const markdown = await library.readTwin(found.twin);
      return {content: [text(`Source: ${library.siteUrl}${found.route}\n\n${markdown}`)]};
    },
  );

  server.registerTool(
    'list_api_operations',
    {
      title: 'List the Tower API operations',
      description: `Lists the operations of the Tower HTTP API v1 (method, path, summary, operationId), all of them or those of one tag. Tags: ${library.api.tags.map((tag) => tag.name).join(', ')}.`,
      inputSchema: LIST_OPERATIONS_INPUT,
      outputSchema: LIST_OPERATIONS_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({tag}) => {
      const listed = library.api.byTag(tag);
      if (!listed.ok) return refuse(listed.message);
      const operations = listed.operations.map(({id, method, path, tag: group, summary, url}) => ({id, method, path, tag: group, summary, url}));
      const lines = operations.map((operation) => `${operation.method} ${operation.path}: ${operation.summary} (${operation.id}, tag ${operation.tag})`);
      return {
        content: [
          text(
            [`${operations.length} operations${listed.tag ? ` tagged ${listed.tag}` : ''}; get_api_operation gives the details of one:`, ...lines].join('\n'),
          ),
        ],
        structuredContent: {tag: listed.tag, count: operations.length, operations},
      };
    },
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Read one Tower API operation',
      description:
        'Returns the reference of one Tower HTTP API v1 operation as Markdown (method, path, authentication, parameters, request body, responses, examples) ' +
        'and its key facts as structured data. Name it by operationId (list-apps), page URL, or method and path (GET /apps).',
      inputSchema: GET_OPERATION_INPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({id}) => {
      const found = library.api.find(id);
      if (!found.ok) return refuse(found.message);
      const {markdown, ...operation} = found.operation;
      const lookup = library.lookupPage(`/${markdown}`);
      if (!lookup.ok) return refuse(`The page of ${operation.id} is missing from this build (${markdown}): rebuild the site.`);
      return {
        content: [text(`Source: ${operation.url}\n\n${await library.readTwin(lookup.twin)}`)],
        structuredContent: operation,
      };
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
      const verdict = report.valid ? 'The Towerfile is valid.' : 'The Towerfile is not valid.';
      const summary = [
        report.problems.length === 0 ? verdict : `${verdict} ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}:`,
        ...report.problems.map(
          (problem) => `- ${problem.severity}${problem.line ? ` at line ${problem.line}` : ''}: ${problem.message} (reference: ${problem.reference})`,
        ),
        ...(report.unlisted ? [`- and ${report.unlisted} more, not listed: fix these first.`] : []),
      ].join('\n');
      return {content: [text(summary)], structuredContent: report};
    },
  );

  server.registerTool(
    'check_tower_command',
    {
      title: 'Check a tower command line',
      description:
        `Checks a \`tower\` command line against the CLI's commands and flags (tower-cli ${library.cliVersion}): unknown commands and flags (with suggestions), ` +
        'missing values and arguments, missing required flags and flags that cannot be used together. Shell syntax is understood: quotes, &&, pipes, $(...), leading VAR=value. ' +
        'Each command links its reference entry.',
      inputSchema: CHECK_COMMAND_INPUT,
      outputSchema: CHECK_COMMAND_OUTPUT,
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({line}) => {
      const report = checkTowerCommand(line, library.cli, library.links);
      if ('error' in report) return refuse(report.error);
      const lines = report.commands.map((entry) =>
        entry.problems.length === 0
          ? `OK: ${entry.words.join(' ')} (reference: ${entry.reference})`
          : [`Problems in: ${entry.words.join(' ')} (reference: ${entry.reference})`, ...entry.problems.map((problem) => `- ${problem}`)].join('\n'),
      );
      return {content: [text(lines.join('\n'))], structuredContent: report};
    },
  );

  for (const {file, description} of LLMS_FILES) {
    const uri = `${library.siteUrl}/${file}`;
    server.registerResource(file, uri, {title: file, description, mimeType: 'text/plain'}, async () => ({
      contents: [{uri, mimeType: 'text/plain', text: await library.readLlmsFile(file)}],
    }));
  }

  const twins = new ResourceTemplate(`${library.siteUrl}/docs/{+page}.md`, {
    list: () => ({
      resources: library.pages.map((page) => ({uri: page.markdownUrl, name: page.route, title: page.title, mimeType: 'text/markdown'})),
    }),
  });
  server.registerResource(
    'page',
    twins,
    {title: 'Documentation page (Markdown)', description: 'The Markdown twin of a documentation page.', mimeType: 'text/markdown'},
    async (uri) => {
      const found = library.lookupPage(uri.href);
      if (!found.ok) throw new McpError(ErrorCode.InvalidParams, found.message);
      return {contents: [{uri: uri.href, mimeType: 'text/markdown', text: await library.readTwin(found.twin)}]};
    },
  );

  return server;
}
