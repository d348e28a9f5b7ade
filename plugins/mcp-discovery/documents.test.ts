/**
 * The discovery documents name the server where the site proxies it, with the
 * fields the draft server card requires. tests/e2e/mcp.test.ts checks the built
 * files against what the running server says about itself.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js';
import {DOCS_MCP_URL} from '../../src/components/AgentTools/setup';
import {SITE} from '../../src/constants';
import {DISCOVERY_FILES, discoveryFiles, discoverySummary, serverCard} from './documents';

const input = {siteUrl: SITE.url.replace(/\/$/, ''), version: '1.2.3', cliVersion: '0.3.70'};

describe('the MCP discovery documents', () => {
  test('the server card has the draft fields, a reverse-DNS name and the endpoint the editors are told about', () => {
    const card = serverCard(input);
    assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    assert.equal(card.name, 'dev.tower.docs/tower-docs');
    assert.equal(card.name.split('/').length, 2, 'exactly one slash');
    assert.deepEqual([card.version, card.title], ['1.2.3', 'Tower documentation']);
    assert.deepEqual(card.remotes, [
      {type: 'streamable-http', url: DOCS_MCP_URL, supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS], authentication: {required: false, schemes: []}},
    ]);
    assert.deepEqual(Object.keys(card.capabilities).sort(), ['resources', 'tools']);
    assert.match(card.description, /tower-cli 0\.3\.70/);
    assert.equal(card._meta['dev.tower.docs/cliVersion'], '0.3.70');
  });

  test('the summary is the shape Mintlify serves at /.well-known/mcp, naming the same endpoint', () => {
    assert.deepEqual(discoverySummary(input), {
      version: '1.2.3',
      transport: 'http',
      url: DOCS_MCP_URL,
      servers: [{name: 'tower-docs', url: DOCS_MCP_URL, transport: 'http', authentication: 'none'}],
    });
  });

  test('both are written as JSON under .well-known', () => {
    const files = discoveryFiles(input);
    assert.deepEqual([...files.keys()], [DISCOVERY_FILES.card, DISCOVERY_FILES.summary]);
    assert.deepEqual(JSON.parse(files.get('.well-known/mcp/server-card.json')!), serverCard(input));
    assert.deepEqual(JSON.parse(files.get('.well-known/mcp.json')!), discoverySummary(input));
  });
});
