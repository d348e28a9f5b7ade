/**
 * Local Docusaurus plugin: writes build/api-operations.json, the Tower API's
 * operations as the docs MCP server lists and looks them up (mcp/api.ts),
 * from the one API model (plugins/api-reference/model.ts) the API pages and
 * their Markdown twins are rendered from.
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {API_REFERENCE} from '../../src/constants';
import {loadApiModel} from '../api-reference/model';
import {API_OPERATIONS_FILE, apiOperationsFile} from './operations';

export default function apiOperationsPlugin(context: LoadContext): Plugin {
  return {
    name: 'api-operations',
    async postBuild({outDir}) {
      const model = await loadApiModel(path.resolve(context.siteDir, API_REFERENCE.specFile), API_REFERENCE.specFile);
      const file = apiOperationsFile(model, context.siteConfig.url);
      await writeFile(path.join(outDir, API_OPERATIONS_FILE), JSON.stringify(file));
      console.log(`[api-operations] ${file.operations.length} operations -> ${API_OPERATIONS_FILE}`);
    },
  };
}
