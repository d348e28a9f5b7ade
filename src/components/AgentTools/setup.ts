/**
 * How to connect a coding agent to the docs MCP server: one source for the
 * page menu's "Connect the docs to your editor" panel, and checked against
 * the "Docs for coding agents" page and the README by tests/unit/agent-tools.test.ts.
 */
import {SITE} from '../../constants';

/** The production endpoint of the docs MCP server (deploy/nginx/agents.conf proxies it). */
export const DOCS_MCP_URL = `${SITE.url}/mcp`;
const DOCS_MCP_NAME = 'tower-docs';

type EditorSetup = {editor: string; where: string; language: 'bash' | 'json'; code: string};

export const EDITOR_SETUPS: EditorSetup[] = [
  {
    editor: 'Claude Code',
    where: 'run once in a terminal',
    language: 'bash',
    code: `claude mcp add --transport http ${DOCS_MCP_NAME} ${DOCS_MCP_URL}`,
  },
  {
    editor: 'Cursor',
    where: '.cursor/mcp.json in your project, or ~/.cursor/mcp.json',
    language: 'json',
    code: JSON.stringify({mcpServers: {[DOCS_MCP_NAME]: {url: DOCS_MCP_URL}}}, null, 2),
  },
  {
    editor: 'VS Code',
    where: '.vscode/mcp.json in your workspace',
    language: 'json',
    code: JSON.stringify({servers: {[DOCS_MCP_NAME]: {type: 'http', url: DOCS_MCP_URL}}}, null, 2),
  },
];

/** The question a chat assistant is opened with: read this page's Markdown, then help. */
export function chatPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} from the Tower documentation, then answer my questions about it.`;
}

export const CHAT_LINKS = [
  {assistant: 'ChatGPT', label: 'Open in ChatGPT', url: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`},
  {assistant: 'Claude', label: 'Open in Claude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}`},
] as const;
