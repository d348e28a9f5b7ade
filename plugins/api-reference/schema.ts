/**
 * Renders a resolved JSON Schema as a nested Markdown list: one line per
 * field with its name, type, whether it is required, and its description.
 * Static Markdown renders on the server, works without JavaScript, reads well
 * on a phone and ends up in the search index.
 */
import {inlineCode, mdxMarkdown, oneLine} from './mdx';
import type {Schema} from './spec';

const MAX_DEPTH = 8;

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function isNullable(schema: Schema): boolean {
  return schema.nullable === true || types(schema).includes('null');
}

function variants(schema: Schema): Schema[] | undefined {
  return schema.oneOf ?? schema.anyOf;
}

/** Merges allOf parts into one object schema (the spec uses none today; stay correct anyway). */
function flatten(schema: Schema): Schema {
  if (!schema.allOf?.length) return schema;
  const merged: Schema = {...schema, allOf: undefined, properties: {...schema.properties}, required: [...(schema.required ?? [])]};
  for (const part of schema.allOf.map(flatten)) {
    Object.assign(merged.properties!, part.properties);
    merged.required!.push(...(part.required ?? []));
    merged.type ??= part.type;
    merged.title ??= part.title;
    merged.description ??= part.description;
  }
  return merged;
}

/** A short, readable type: "string (date-time)", "array of Run", "map of string", "Run or null". */
export function typeLabel(input: Schema): string {
  const schema = flatten(input);
  const alternatives = variants(schema);
  let base: string;
  if (alternatives) {
    base = `one of ${alternatives.map((variant) => variant.title ?? typeLabel(variant)).join(', ')}`;
  } else {
    const type = types(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'any');
    if (type === 'array') {
      base = `array of ${schema.items ? typeLabel(schema.items) : 'any'}`;
    } else if (type === 'object') {
      if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        base = `map of ${typeLabel(schema.additionalProperties)}`;
      } else {
        base = schema.title ?? 'object';
      }
    } else {
      base = schema.format ? `${type} (${schema.format})` : type;
    }
  }
  return isNullable(schema) ? `${base} or null` : base;
}

function valueList(values: unknown[]): string {
  return values.map((value) => inlineCode(JSON.stringify(value))).join(', ');
}

/** Description plus the facts a reader needs: allowed values, default, read-only, deprecated. */
function fieldNotes(schema: Schema): string {
  const parts: string[] = [];
  if (schema.description) parts.push(mdxMarkdown(oneLine(schema.description)));
  const enumValues = schema.enum ?? schema.items?.enum;
  if (enumValues?.length) parts.push(`Values: ${valueList(enumValues.filter((v) => v !== null))}.`);
  if (schema.default !== undefined) parts.push(`Default: ${inlineCode(JSON.stringify(schema.default))}.`);
  return parts.join(' ');
}

/** The schema whose fields are listed under a field: object properties, array items, map values. */
function childFields(schema: Schema): Schema | undefined {
  const flat = flatten(schema);
  if (flat.properties && Object.keys(flat.properties).length) return flat;
  if (flat.items) return childFields(flat.items);
  if (flat.additionalProperties && typeof flat.additionalProperties === 'object') return childFields(flat.additionalProperties);
  return undefined;
}

function renderFields(schema: Schema, indent: string, depth: number, seen: Set<Schema>, context: 'request' | 'response'): string[] {
  const lines: string[] = [];
  const flat = flatten(schema);
  const alternatives = variants(flat);
  if (alternatives) {
    for (const variant of alternatives) {
      lines.push(`${indent}- One of: **${variant.title ?? typeLabel(variant)}**${variant.description ? ` — ${mdxMarkdown(oneLine(variant.description))}` : ''}`);
      lines.push(...renderChildren(variant, `${indent}  `, depth, seen, context));
    }
    return lines;
  }
  const required = new Set(flat.required ?? []);
  for (const [name, property] of Object.entries(flat.properties ?? {})) {
    // A client never sends read-only fields and never receives write-only ones.
    if (context === 'request' && property.readOnly) continue;
    if (context === 'response' && property.writeOnly) continue;
    const flags = [
      required.has(name) ? '**required**' : '',
      property.readOnly ? 'read-only' : '',
      property.deprecated ? '**deprecated**' : '',
    ].filter(Boolean);
    const notes = fieldNotes(property);
    lines.push(
      `${indent}- ${inlineCode(name)} · ${mdxMarkdown(typeLabel(property))}${flags.length ? ` · ${flags.join(' · ')}` : ''}${notes ? ` — ${notes}` : ''}`,
    );
    lines.push(...renderChildren(property, `${indent}  `, depth, seen, context));
  }
  return lines;
}

function renderChildren(schema: Schema, indent: string, depth: number, seen: Set<Schema>, context: 'request' | 'response'): string[] {
  if (depth >= MAX_DEPTH || seen.has(schema)) return [];
  const alternatives = variants(schema) ?? (schema.items ? variants(schema.items) : undefined);
  const child = alternatives ? (variants(schema) ? schema : schema.items!) : childFields(schema);
  if (!child) return [];
  const next = new Set(seen).add(schema);
  return renderFields(child, indent, depth + 1, next, context);
}

/**
 * The whole schema of a body: a line saying what it is, then its fields.
 * Returns Markdown that is safe inside MDX.
 */
export function renderSchema(schema: Schema, context: 'request' | 'response'): string {
  const flat = flatten(schema);
  const lines: string[] = [];
  const summary = [`**${mdxMarkdown(typeLabel(flat))}**`];
  if (flat.description) summary.push(mdxMarkdown(oneLine(flat.description)));
  lines.push(summary.join(' — '), '');
  const fields = variants(flat) || childFields(flat) ? renderChildren(flat, '', 0, new Set(), context) : [];
  if (fields.length) lines.push(...fields);
  return lines.join('\n').trimEnd();
}
