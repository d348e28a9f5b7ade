/**
 * Local Docusaurus plugin: writes the docs MCP server's discovery documents
 * (documents.ts) into the build, naming the server's version (package.json)
 * and the tower-cli release the docs describe (data/cli-manifest.json).
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {CLI_MANIFEST_FILE} from '../../src/constants';
import {discoveryFiles} from './documents';

export default function mcpDiscoveryPlugin(context: LoadContext): Plugin {
  return {
    name: 'mcp-discovery',
    async postBuild({outDir}) {
      const read = async (file: string) => JSON.parse(await readFile(path.join(context.siteDir, file), 'utf8')) as Record<string, unknown>;
      const {version} = await read('package.json');
      const {cliVersion} = await read(CLI_MANIFEST_FILE);
      if (typeof version !== 'string' || typeof cliVersion !== 'string') {
        throw new Error(`[mcp-discovery] package.json needs a "version" and ${CLI_MANIFEST_FILE} a "cliVersion"`);
      }
      const files = discoveryFiles({siteUrl: context.siteConfig.url.replace(/\/$/, ''), version, cliVersion});
      for (const [file, text] of files) {
        await mkdir(path.dirname(path.join(outDir, file)), {recursive: true});
        await writeFile(path.join(outDir, file), text);
      }
      console.log(`[mcp-discovery] ${[...files.keys()].join(', ')}`);
    },
  };
}
