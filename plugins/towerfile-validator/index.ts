/**
 * Local plugin: the Towerfile validator for the browser. Before each build (and whenever the schema
 * changes under `docusaurus start`) it compiles data/towerfile.schema.json to standalone code in
 * the generated-files folder and makes it importable as `@tower/towerfile-validator`. Only the
 * Towerfile checker page imports it; an invalid schema fails the build, naming the file.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {compileTowerfileValidator} from './compile';

export const VALIDATOR_MODULE = '@tower/towerfile-validator';
export const SCHEMA_FILE = 'data/towerfile.schema.json';

export default function towerfileValidatorPlugin(context: LoadContext): Plugin {
  const schemaPath = path.join(context.siteDir, SCHEMA_FILE);
  const output = path.join(context.generatedFilesDir, 'tower-towerfile-validator', 'validate.js');
  return {
    name: 'tower-towerfile-validator',
    getPathsToWatch: () => [schemaPath],
    async loadContent() {
      let schema: object;
      try {
        schema = JSON.parse(await readFile(schemaPath, 'utf8')) as object;
      } catch (error) {
        throw new Error(`${SCHEMA_FILE}: cannot read the Towerfile schema (${(error as Error).message})`);
      }
      let code: string;
      try {
        code = compileTowerfileValidator(schema);
      } catch (error) {
        throw new Error(`${SCHEMA_FILE}: the Towerfile schema does not compile (${(error as Error).message})`);
      }
      await mkdir(path.dirname(output), {recursive: true});
      await writeFile(output, code);
    },
    configureWebpack() {
      return {resolve: {alias: {[VALIDATOR_MODULE]: output}}};
    },
  };
}
