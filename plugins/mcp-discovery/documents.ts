/**
 * The discovery documents of the docs MCP server, written into the build at
 * well-known addresses so a client can find the server from the site's
 * address alone (nginx serves them as JSON, open to every origin):
 *
 * - `/.well-known/mcp/server-card.json` (and `/.well-known/mcp/server-card`):
 *   an MCP Server Card, the draft of SEP-2127 (modelcontextprotocol PR 2127);
 * - `/.well-known/mcp.json` (and `/.well-known/mcp`): the shorter document
 *   that Mintlify's documentation sites publish for their MCP servers.
 *
 * The server itself offers the same card as the resource `mcp://server-card.json`.
 */
import {SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js';
import {DOCS_MCP} from '../../src/constants';

export const DISCOVERY_FILES = {card: '.well-known/mcp/server-card.json', summary: '.well-known/mcp.json'} as const;

/** The card's schema: the SEP's draft URI, which evolves in place per major version. */
const CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export type DiscoveryInput = {
  /** The site's origin, without a trailing slash: https://docs.tower.dev */
  siteUrl: string;
  /** The server's version, as it answers initialize (the repository's package.json). */
  version: string;
  /** The tower-cli release the documentation describes. */
  cliVersion: string;
};

export function serverCard({siteUrl, version, cliVersion}: DiscoveryInput) {
  return {
    $schema: CARD_SCHEMA,
    // Reverse-DNS namespace, one slash, then the name the server gives itself.
    name: `${new URL(siteUrl).hostname.split('.').reverse().join('.')}/${DOCS_MCP.name}`,
    version,
    title: DOCS_MCP.title,
    description: `Searches and reads the Tower documentation (tower-cli ${cliVersion}): sections and pages as Markdown, the HTTP API operations, and checks of Towerfiles and tower command lines. It reads the published docs only and never calls Tower.`,
    websiteUrl: `${siteUrl}/docs/using-tower/docs-for-agents`,
    remotes: [
      {
        type: 'streamable-http',
        url: `${siteUrl}${DOCS_MCP.path}`,
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
        authentication: {required: false, schemes: []},
      },
    ],
    capabilities: {tools: {}, resources: {}},
    _meta: {'dev.tower.docs/cliVersion': cliVersion, 'dev.tower.docs/llmsTxt': `${siteUrl}/llms.txt`},
  };
}

export function discoverySummary({siteUrl, version}: DiscoveryInput) {
  const url = `${siteUrl}${DOCS_MCP.path}`;
  return {version, transport: 'http', url, servers: [{name: DOCS_MCP.name, url, transport: 'http', authentication: 'none'}]};
}

/** Output path under the build -> JSON text. */
export function discoveryFiles(input: DiscoveryInput): Map<string, string> {
  return new Map([
    [DISCOVERY_FILES.card, `${JSON.stringify(serverCard(input), null, 2)}\n`],
    [DISCOVERY_FILES.summary, `${JSON.stringify(discoverySummary(input), null, 2)}\n`],
  ]);
}
