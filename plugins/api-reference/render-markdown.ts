/**
 * Plain Markdown of the API reference: the twin of every API page (what "Copy
 * page" and "View as Markdown" return) and the whole API as one text file for
 * language models (llms-api.txt). It reads the same facts as the MDX renderer
 * (facts.ts) and differs only in layout: lists instead of tables, labelled code
 * blocks instead of tabs, absolute links, no components. plugins/llms-txt
 * writes what this returns.
 */
import {checkedVersionSentence} from '../checked-version';
import {
  contactLines,
  entryLine,
  markdownFlag,
  operationFacts,
  operationRoute,
  operationsByTag,
  overviewRoute,
  schemeSentAs,
  type CodeBlock,
  type ContentFacts,
  type Entry,
  type OperationFacts,
  type TitleOf,
} from './facts';
import type {ApiModel, Operation} from './model';
import {absoluteLinks, codeBlock, finish, inlineCode, oneLine, shiftHeadings} from './text';

type MarkdownContext = {
  /** Site URL plus base URL, without a trailing slash: links in the text become absolute. */
  siteUrl: string;
  titleOf: TitleOf;
};

function entryLines(entries: Entry[], indent = ''): string[] {
  return entries.flatMap((entry) => [`${indent}- ${entryLine(entry, markdownFlag)}`, ...entryLines(entry.children, `${indent}  `)]);
}

function exampleLines(example: CodeBlock): string[] {
  return [`${example.title}:`, '', codeBlock(example.language, example.code), ''];
}

function contentLines(content: ContentFacts): string[] {
  const lines = [content.lead, ''];
  if (content.note) lines.push(content.note, '');
  if (content.schema) lines.push(content.schema.summary, '', ...entryLines(content.schema.entries), '');
  if (content.example) lines.push(...exampleLines(content.example));
  return lines;
}

function sections(facts: OperationFacts, heading: (depth: number) => string): string[] {
  const lines = [`${heading(1)} Code samples`, ''];
  for (const sample of facts.samples) lines.push(`**${sample.label}**`, '', codeBlock(sample.language, sample.code), '');
  if (facts.responseExample) lines.push(...exampleLines(facts.responseExample));
  for (const note of facts.samplesNotes) lines.push(note === checkedVersionSentence() ? `*${note}*` : note, '');

  lines.push(`${heading(1)} Parameters`, '');
  if (facts.parameters.length === 0) lines.push('This operation takes no path, query, header or cookie parameters.', '');
  for (const parameter of facts.parameters) {
    lines.push(`- ${entryLine({head: `${inlineCode(parameter.name)} · ${parameter.meta}`, flags: parameter.flags, text: parameter.text}, markdownFlag)}`);
  }
  for (const parameter of facts.parameters.filter((p) => p.children.length)) {
    lines.push('', `Fields of ${inlineCode(parameter.name)}:`, '', ...entryLines(parameter.children));
  }
  if (facts.parametersNote) lines.push('', facts.parametersNote);
  lines.push('', `${heading(1)} Request body`, '');
  if (!facts.requestBody) lines.push('This operation takes no request body.', '');
  else {
    if (facts.requestBody.description) lines.push(facts.requestBody.description, '');
    for (const content of facts.requestBody.contents) lines.push(...contentLines(content));
  }

  lines.push(`${heading(1)} Responses`, '');
  for (const response of facts.responses) {
    lines.push(`${heading(2)} ${response.heading}`, '');
    if (response.description) lines.push(response.description, '');
    for (const header of response.headers) lines.push(entryLine(header, markdownFlag), '');
    if (response.contents.length === 0) lines.push('No response body.', '');
    for (const content of response.contents) lines.push(...contentLines(content));
  }
  return lines;
}

/**
 * One operation as Markdown. `level` is the heading level of its title: 1 for
 * its own twin, deeper inside llms-api.txt.
 */
export function renderOperationMarkdown(operation: Operation, context: MarkdownContext, level = 1): string {
  const facts = operationFacts(operation, context.titleOf);
  const heading = (depth: number): string => '#'.repeat(Math.min(6, level + depth));
  const lines = [`${heading(0)} ${operation.summary}`, '', inlineCode(`${operation.method} ${operation.path}`), ''];
  if (level > 1) lines.push(`Source: ${context.siteUrl}${operationRoute(operation)}`, '');
  if (operation.deprecated) lines.push('**Deprecated:** This operation is deprecated.', '');
  if (operation.description) lines.push(shiftHeadings(operation.description.trim(), level - 1), '');
  if (facts.history) lines.push(`**History:** ${facts.history}`, '');
  lines.push(`**Authentication:** ${facts.authentication}`, '', `**Operation ID:** ${inlineCode(operation.id)}`, '');
  if (facts.related.length) lines.push(`**Related:** ${facts.related.map(({route, title}) => `[${title}](${route})`).join(' · ')}`, '');
  lines.push(...sections(facts, heading));
  return finish([absoluteLinks(lines.join('\n'), context.siteUrl)]);
}

/** The overview: what the API is, its base URL, authentication, and the operations by tag. */
export function renderOverviewMarkdown(model: ApiModel, context: MarkdownContext, level = 1): string {
  const {info} = model;
  const heading = (depth: number): string => '#'.repeat(Math.min(6, level + depth));
  const lines = [`${heading(0)} ${info.title}`, '', `Version ${inlineCode(info.version)} · Base URL ${inlineCode(model.serverUrl)}`, ''];
  if (level > 1) lines.push(`Source: ${context.siteUrl}${overviewRoute()}`, '');
  if (info.summary) lines.push(info.summary, '');
  lines.push(shiftHeadings(info.description.trim(), level - 1), '');
  if (model.securitySchemes.length) {
    lines.push(`${heading(1)} Security schemes`, '');
    for (const scheme of model.securitySchemes) {
      lines.push(`- ${inlineCode(scheme.name)} · ${scheme.type} · ${schemeSentAs(scheme)}${scheme.description ? ` — ${oneLine(scheme.description)}` : ''}`);
    }
    lines.push('');
  }
  lines.push(`${heading(1)} Operations`, '', 'Every operation has its own page with parameters, schemas, examples and code samples.', '');
  for (const tag of operationsByTag(model)) {
    lines.push(`${heading(2)} ${tag.name}`, '');
    if (tag.description) lines.push(oneLine(tag.description), '');
    for (const operation of tag.operations) {
      lines.push(`- [${operation.summary}](${operationRoute(operation)}) · ${operation.method} · ${inlineCode(operation.path)}`);
    }
    lines.push('');
  }
  const contact = contactLines(model);
  if (contact.length) lines.push(`${heading(1)} Contact and terms`, '', ...contact.flatMap((line) => [line, '']));
  return finish([absoluteLinks(lines.join('\n'), context.siteUrl)]);
}

/** The whole API as one text file: overview, then every operation by tag. */
export function renderApiText(model: ApiModel, context: MarkdownContext): string {
  const {info} = model;
  const parts = [
    `# ${info.title} reference${info.version ? ` (${info.version})` : ''}`,
    '',
    `> ${oneLine(info.summary ?? info.title)}`,
    '',
    `Every operation of the ${info.title}, generated from the OpenAPI document that also drives the reference pages at ${context.siteUrl}${overviewRoute()}. ` +
      'Each operation lists its method and path, the credentials it accepts, code samples, its parameters, its request body and its responses. ' +
      'Schemas are written out as nested field lists: each field gives its type, whether it is required, and what it means.',
    '',
    renderOverviewMarkdown(model, context, 2).replace(/^## [^\n]*\n+/, '## Overview\n\n'),
  ];
  for (const tag of operationsByTag(model)) {
    parts.push(`## ${tag.name}`, '');
    if (tag.description) parts.push(oneLine(tag.description), '');
    for (const operation of tag.operations) parts.push(renderOperationMarkdown(operation, context, 3));
  }
  return finish(parts);
}
