/**
 * Compiles data/towerfile.schema.json into standalone validation code (Ajv's standalone output) at
 * build time, so the Towerfile checker page ships a finished validator instead of Ajv's compiler.
 */
import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import {TOWERFILE_AJV_OPTIONS} from '../../src/towerfile/check';

// ajv is CommonJS; depending on the module interop the export is the import or its .default.
const interop = <T>(value: T): T => (value as unknown as {default?: T}).default ?? value;

/**
 * CommonJS module source whose default export validates a Towerfile like Ajv's compiled function
 * (same options as the sample checker, errors on `.errors`). Throws when the schema is invalid.
 */
export function compileTowerfileValidator(schema: object): string {
  const Ajv = interop(Ajv2020);
  const ajv = new Ajv({...TOWERFILE_AJV_OPTIONS, code: {source: true}});
  const code = interop(standaloneCode)(ajv, ajv.compile(schema));
  // The standalone output keeps a copy of the whole schema that its validation code never reads;
  // the page imports the schema itself where it needs descriptions, so drop the copy.
  return code.replace(/const (schema\d+) = \{.*?\};(?=const |function |module\.)/s, (whole, name: string) => (code.split(name).length === 2 ? '' : whole));
}
