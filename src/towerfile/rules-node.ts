/**
 * The Towerfile rules of check.ts with the schema compiled by Ajv at run time, for Node: the sample
 * checker, the MCP server and the tests. (The checker page uses the validator compiled at build
 * time by plugins/towerfile-validator instead, so Ajv stays out of the browser.)
 */
import Ajv2020 from 'ajv/dist/2020';
import {TOWERFILE_AJV_OPTIONS, type TowerfileRules, type TowerfileValidate} from './check';
import type {JsonSchema} from './schema';

/** Compiles the Towerfile JSON Schema (draft 2020-12) with Ajv. Throws if the schema is invalid. */
export function createTowerfileValidator(schema: object): TowerfileValidate {
  // ajv is CommonJS; depending on the module interop the constructor is the import or its .default.
  const AjvClass = ((Ajv2020 as unknown as {default?: typeof Ajv2020}).default ?? Ajv2020) as typeof Ajv2020;
  return new AjvClass({...TOWERFILE_AJV_OPTIONS}).compile(schema) as TowerfileValidate;
}

/** The rules of src/towerfile/check.ts for this schema, compiled in Node. Throws if the schema is invalid. */
export function createTowerfileRules(schema: object): TowerfileRules {
  return {validate: createTowerfileValidator(schema), schema: schema as JsonSchema};
}
