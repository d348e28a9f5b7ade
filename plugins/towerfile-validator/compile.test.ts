import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {parse} from 'smol-toml';
import {createTowerfileValidator} from '../../src/towerfile/rules-node';
import type {TowerfileValidate} from '../../src/towerfile/check';
import {compileTowerfileValidator} from './compile';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCHEMA = JSON.parse(readFileSync(path.join(HERE, '../../data/towerfile.schema.json'), 'utf8')) as object;
const requireHere = createRequire(import.meta.url);

/** Runs the generated CommonJS source as the bundler would, resolving its imports from the repository. */
function load(code: string): TowerfileValidate {
  const module = {exports: {} as unknown};
  new Function('module', 'exports', 'require', code)(module, module.exports, requireHere);
  return module.exports as TowerfileValidate;
}

const DOCUMENTS = [
  '[app]\nname = "a"\nscript = "main.py"',
  '[app]\nname = ""\nscript = 3\nsources = []\nimport_paths = ["a:b", ""]',
  '[[parameters]]\ndefault = 1\nhidden = "yes"\n[build]\npython = "3.11"',
  '[app]\nname = "a"\nscript = "m.py"\nsource = "x"\n[[parameters]]\nname = "A"\n[[parameters]]\nname = ""',
];

describe('standalone Towerfile validator', () => {
  test("reports exactly what the sample checker's Ajv reports, with no compiler left in the code", () => {
    const code = compileTowerfileValidator(SCHEMA);
    const standalone = load(code);
    const reference = createTowerfileValidator(SCHEMA);
    for (const text of DOCUMENTS) {
      const data = parse(text);
      assert.equal(standalone(data), reference(data), text);
      const shape = (v: TowerfileValidate) => (v.errors ?? []).map(({instancePath, keyword, params}) => ({instancePath, keyword, params}));
      assert.deepEqual(shape(standalone), shape(reference), text);
    }
    assert.doesNotMatch(code, /require\("ajv"\)|require\("ajv\/dist\/(core|2020|compile)/);
    assert.deepEqual(
      [...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]),
      ['ajv/dist/runtime/ucs2length'],
    );
  });

  test('drops the unused copy of the schema, keeping the validator small', () => {
    const code = compileTowerfileValidator(SCHEMA);
    assert.doesNotMatch(code, /tells Tower how to package/, 'schema descriptions are not in the code');
    assert.ok(code.length < 12_000, `${code.length} characters`);
  });

  test('an invalid schema throws', () => {
    assert.throws(() => compileTowerfileValidator({type: 'object', properties: {a: {type: 'no-such-type'}}}));
  });
});
