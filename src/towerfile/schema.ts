/**
 * Reading data/towerfile.schema.json by instance path: which keys a table knows, what a key's
 * description and default say, whether it is deprecated. The Towerfile checker page and the
 * build's sample checker both ask these questions (src/towerfile/check.ts).
 */
export type JsonSchema = {[key: string]: unknown};

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows local `$ref`s (`#/...`) until a schema without one. */
export function resolveRef(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let guard = 0; typeof current.$ref === 'string' && guard < 32; guard++) {
    const ref = current.$ref;
    if (!ref.startsWith('#')) break;
    let target: unknown = root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) {
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    if (!isObject(target)) break;
    current = target;
  }
  return current;
}

export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
}

/**
 * The schema that describes the value at `path` (object keys, and array indexes as digit strings),
 * or undefined when the path leaves the schema (an unknown key).
 */
export function schemaAt(root: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = resolveRef(root, root);
  for (const segment of path) {
    if (!current) return undefined;
    if (/^\d+$/.test(segment) && isObject(current.items)) {
      current = resolveRef(root, current.items);
      continue;
    }
    const child: JsonSchema | undefined = propertiesOf(current)[segment];
    current = child ? resolveRef(root, child) : undefined;
  }
  return current;
}

/** The keys the table at `path` allows, in schema order. */
export function knownKeys(root: JsonSchema, path: readonly string[]): string[] {
  const schema = schemaAt(root, path);
  return schema ? Object.keys(propertiesOf(schema)) : [];
}

export function isDeprecated(root: JsonSchema, path: readonly string[]): boolean {
  return schemaAt(root, path)?.deprecated === true;
}
