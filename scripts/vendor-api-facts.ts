/**
 * Refreshes data/api-facts/ from a folder of extracted API facts (operations.json, models.json,
 * extra-operations.json, extra-models.json; see data/api-facts/README.md).
 *
 * Only the fields a machine can check against openapi/tower-api.yaml are kept: names, methods,
 * paths, parameters, bodies, statuses, security, types and the version an operation was seen in.
 * Summaries, descriptions, notes and source references stay behind, because the spec's prose is
 * written by hand and nothing tests it against the extraction's wording.
 *
 * Usage: node --import tsx scripts/vendor-api-facts.ts <facts-folder>
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = path.join(repoRoot, 'data/api-facts');

type Json = Record<string, unknown>;

/** A copy of `source` with only `keys`, in that order, leaving out the ones it lacks. */
function pick(source: Json, keys: string[]): Json {
  const picked: Json = {};
  for (const key of keys) if (key in source) picked[key] = source[key];
  return picked;
}

const PARAMETER_KEYS = ['name', 'type', 'format', 'required', 'default', 'enum', 'style', 'explode'];
const OPERATION_KEYS = [
  'id',
  'tag',
  'suggestedTag',
  'method',
  'path',
  'pathParams',
  'queryParams',
  'headerParams',
  'requestBody',
  'requestBodyRequired',
  'requestContentTypes',
  'response',
  'streaming',
  'auth',
  'specVersion',
  'foundAt',
  'history',
  'unverified',
];
const FIELD_KEYS = ['name', 'type', 'format', 'required', 'nullable', 'readOnly', 'deprecated', 'ref', 'enum', 'default'];
const MODEL_KEYS = ['name', 'kind', 'specNameHint', 'historicalOnly', 'fields', 'oneOf', 'discriminator', 'historicalVariant', 'usedBy'];

function trimOperation(operation: Json): Json {
  const trimmed = pick(operation, OPERATION_KEYS);
  for (const list of ['pathParams', 'queryParams', 'headerParams']) {
    trimmed[list] = (operation[list] as Json[]).map((parameter) => pick(parameter, PARAMETER_KEYS));
  }
  trimmed.auth = pick(operation.auth as Json, ['required', 'bearer', 'apiKeyHeader']);
  if (operation.history) trimmed.history = pick(operation.history as Json, ['lastSeenSpecVersion', 'specVersionAfterRemoval']);
  return trimmed;
}

function trimModel(model: Json): Json {
  const trimmed = pick(model, MODEL_KEYS);
  trimmed.fields = (model.fields as Json[]).map((field) => pick(field, FIELD_KEYS));
  // An older shape of the same model, which a historical operation returned (Plan at v0.9.9).
  const variant = model.historicalVariant as Json | undefined;
  if (variant) {
    trimmed.historicalVariant = {
      ...pick(variant, ['specVersion', 'usedBy']),
      fields: (variant.fields as Json[]).map((field) => pick(field, FIELD_KEYS)),
    };
  }
  return trimmed;
}

function readList(folder: string, name: string): Json[] {
  const file = path.join(folder, name);
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file}: expected a JSON array`);
  return data as Json[];
}

function main(): void {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node --import tsx scripts/vendor-api-facts.ts <facts-folder>');
    process.exitCode = 2;
    return;
  }
  mkdirSync(outputDir, {recursive: true});
  const files: [string, (entry: Json) => Json][] = [
    ['operations.json', trimOperation],
    ['extra-operations.json', trimOperation],
    ['models.json', trimModel],
    ['extra-models.json', trimModel],
  ];
  for (const [name, trim] of files) {
    const entries = readList(path.resolve(folder), name).map(trim);
    writeFileSync(path.join(outputDir, name), `${JSON.stringify(entries, null, 1)}\n`, 'utf8');
    console.log(`data/api-facts/${name}: ${entries.length} entries`);
  }
}

main();
