/**
 * The MDX of the API overview page and of one page per operation. Pages are
 * static: everything (schemas, examples, code samples) is rendered at build
 * time into HTML. The only components used are Docusaurus' own Tabs and the
 * HTML details element, so an API page ships no API-explorer code and makes no
 * request. Every word comes from facts.ts; the Markdown twin (render-markdown.ts)
 * says the same things.
 *
 * An operation page is three blocks in reading order: the summary, the samples
 * (code and an example answer) and the details (parameters, bodies, responses).
 * On a phone they follow each other, so the samples come right after the
 * summary; from 1200 px api-reference.css sets the samples beside the other two
 * and keeps them in view while the details scroll. The layout is CSS only.
 */
import {API_REFERENCE, CODE_LANGUAGE_TABS} from '../../src/constants';
import {checkedVersionSentence} from '../checked-version';
import {
  contactLines,
  entryLine,
  operationFacts,
  operationRoute,
  overviewDescription,
  operationsByTag,
  schemeSentAs,
  type ContentFacts,
  type Entry,
  type Flag,
  type OperationFacts,
  type ResponseFacts,
  type TitleOf,
} from './facts';
import {jsxString, mdxCell, mdxMarkdown} from './mdx';
import type {ApiModel, Operation} from './model';
import type {CodeSample} from './samples';
import {sidebarClassName} from './sidebar';
import {codeBlock, finish, inlineCode, oneLine} from './text';

const GENERATED_NOTE = `{/* Generated from ${API_REFERENCE.specFile} by plugins/api-reference on every build. Do not edit. */}`;

function frontMatter(fields: Record<string, string | number | boolean | null>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---`;
}

function methodBadge(method: string): string {
  return `<span className="api-method api-method--${method.toLowerCase()}">${method.toUpperCase()}</span>`;
}

function endpoint(operation: Operation): string {
  return `<p className="api-endpoint">${methodBadge(operation.method)}<code className="api-endpoint__path">${jsxString(operation.path)}</code></p>`;
}

/** A flag as a small badge rather than bold text repeated down the page. */
function flagBadge(flag: Flag): string {
  return `<span className="api-flag api-flag--${flag}">${flag}</span>`;
}

function entryText(entry: {head: string; flags: Flag[]; text: string}): string {
  return entryLine({head: mdxMarkdown(entry.head), flags: entry.flags, text: mdxMarkdown(entry.text)}, flagBadge);
}

/**
 * A field list. From depth `foldFrom` on, the fields under a field are folded
 * into a details element, so a long response schema opens one level deep.
 */
function entryLines(entries: Entry[], foldFrom = Infinity, indent = '', depth = 0): string[] {
  return entries.flatMap((entry) => {
    const lines = [`${indent}- ${entryText(entry)}`];
    if (!entry.children.length) return lines;
    const inner = `${indent}  `;
    if (depth + 1 < foldFrom) return [...lines, ...entryLines(entry.children, foldFrom, inner, depth + 1)];
    // The field's name as plain text: the summary repeats on every folded field, and a code span costs a node each time.
    const name = /^`([^`]+)`/.exec(entry.head)?.[1];
    const what = /^(One|Any) of:/.test(entry.children[0].head) ? 'Shapes' : 'Fields';
    return [
      ...lines,
      '',
      `${inner}<details className="api-fields">`,
      `${inner}<summary>${what}${name ? ` of ${mdxMarkdown(name)}` : ''} (${entry.children.length})</summary>`,
      '',
      ...entryLines(entry.children, foldFrom, inner, depth + 1),
      '',
      `${inner}</details>`,
      '',
    ];
  });
}

/**
 * The code samples as tabs. The tab values are the sample kinds, the same on
 * every page, and every page's tabs are in one group (CODE_LANGUAGE_TABS): a
 * reader's choice of language sticks across the API pages, and `?lang=python`
 * opens a page on that tab. A page without the chosen kind shows its first tab.
 */
function codeSampleTabs(samples: CodeSample[]): string[] {
  const {groupId, queryString} = CODE_LANGUAGE_TABS;
  const lines = [`<Tabs groupId=${jsxString(groupId)} queryString=${jsxString(queryString)}>`, ''];
  samples.forEach((sample, index) => {
    lines.push(
      `<TabItem value=${jsxString(sample.kind)} label=${jsxString(sample.label)}${index === 0 ? ' default' : ''}>`,
      '',
      codeBlock(sample.language, sample.code),
      '',
      '</TabItem>',
      '',
    );
  });
  lines.push('</Tabs>');
  return lines;
}

function parametersSection(facts: OperationFacts): string[] {
  const lines = ['## Parameters', ''];
  if (facts.parameters.length === 0) return [...lines, 'This operation takes no path, query, header or cookie parameters.'];
  // Two columns keep the description readable on a 390 px phone.
  lines.push('| Parameter | Description |', '| --- | --- |');
  for (const parameter of facts.parameters) {
    const meta = [mdxCell(parameter.meta), ...parameter.flags.map(flagBadge)].join(' · ');
    lines.push(`| ${inlineCode(parameter.name)}<br/>${meta} | ${mdxCell(parameter.text) || ' '} |`);
  }
  for (const parameter of facts.parameters.filter((p) => p.children.length)) {
    lines.push('', `Fields of ${inlineCode(parameter.name)}:`, '', ...entryLines(parameter.children));
  }
  if (facts.parametersNote) lines.push('', mdxMarkdown(facts.parametersNote));
  return lines;
}

/**
 * How a body is shown: in full (request bodies), open one level deep (success
 * responses), or folded whole with its example (errors, the same on every page).
 */
type Fold = 'none' | 'one-level' | 'folded';

function contentLines(content: ContentFacts, fold: Fold): string[] {
  const lines = [mdxMarkdown(content.lead), ''];
  if (content.note) lines.push(mdxMarkdown(content.note), '');
  const example = content.example ? [codeBlock(content.example.language, content.example.code, `title=${JSON.stringify(content.example.title)}`), ''] : [];
  if (!content.schema) return [...lines, ...example];
  const {summary, entries} = content.schema;
  if (fold === 'folded') {
    return [
      ...lines,
      '<details className="api-fields">',
      '<summary>Schema</summary>',
      '',
      mdxMarkdown(summary),
      '',
      ...entryLines(entries),
      '',
      ...example,
      '</details>',
      '',
    ];
  }
  // A body that wraps one object (`{"run": {...}}`) opens that object's fields too.
  const foldFrom = fold === 'none' ? Infinity : entries.filter((entry) => entry.children.length).length === 1 ? 2 : 1;
  return [...lines, mdxMarkdown(summary), '', ...entryLines(entries, foldFrom), '', ...example];
}

function requestBodySection(facts: OperationFacts): string[] {
  const lines = ['## Request body', ''];
  const body = facts.requestBody;
  if (!body) return [...lines, 'This operation takes no request body.'];
  if (body.description) lines.push(mdxMarkdown(body.description), '');
  for (const content of body.contents) lines.push(...contentLines(content, 'none'));
  return lines;
}

function responseLines(response: ResponseFacts): string[] {
  const lines = [`### ${response.heading}`, ''];
  if (response.description) lines.push(mdxMarkdown(response.description), '');
  for (const header of response.headers) lines.push(entryText(header), '');
  if (response.contents.length === 0) lines.push('No response body.', '');
  // Success bodies are what a reader came for; error bodies stay folded.
  for (const content of response.contents) lines.push(...contentLines(content, response.status.startsWith('2') ? 'one-level' : 'folded'));
  return lines;
}

/** The right-hand block: code samples, the example answer, then the notes about the samples. */
function samplesLines(facts: OperationFacts): string[] {
  const lines = ['## Code samples', '', ...codeSampleTabs(facts.samples), ''];
  const example = facts.responseExample;
  if (example) lines.push(codeBlock(example.language, example.code, `title=${JSON.stringify(example.title)}`), '');
  for (const note of facts.samplesNotes) lines.push(note === checkedVersionSentence() ? `*${mdxMarkdown(note)}*` : mdxMarkdown(note), '');
  return lines;
}

/** Opens one of the page's blocks; Markdown inside a JSX element needs the blank lines around it. */
function block(name: string, content: string[]): string[] {
  return [`<div className="api-operation__${name}">`, '', ...content, '', '</div>', ''];
}

export function renderOperationPage(operation: Operation, titleOf: TitleOf): string {
  const facts = operationFacts(operation, titleOf);
  const lines = [
    frontMatter({
      id: operation.slug,
      title: operation.summary,
      sidebar_label: operation.summary,
      description: facts.metaDescription,
      sidebar_class_name: sidebarClassName(operation.method),
      custom_edit_url: null,
      // The samples column takes the width the table of contents would; four section names add little.
      hide_table_of_contents: true,
    }),
    '',
    GENERATED_NOTE,
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    `# ${mdxMarkdown(operation.summary)}`,
    '',
    endpoint(operation),
    '',
  ];
  const intro: string[] = [];
  if (operation.deprecated) intro.push(':::warning[Deprecated]', '', 'This operation is deprecated.', '', ':::', '');
  if (operation.description) intro.push(mdxMarkdown(operation.description), '');
  if (facts.history) intro.push(`**History:** ${mdxMarkdown(facts.history)}`, '');
  intro.push(`**Authentication:** ${mdxMarkdown(facts.authentication)}`, '', `**Operation ID:** ${inlineCode(operation.id)}`, '');
  if (facts.related.length) {
    intro.push(`**Related:** ${facts.related.map(({route, title}) => `[${mdxMarkdown(title)}](${route})`).join(' · ')}`, '');
  }
  const details = [...parametersSection(facts), '', ...requestBodySection(facts), '', '## Responses', ''];
  for (const response of facts.responses) details.push(...responseLines(response));
  lines.push('<div className="api-operation">', '', ...block('intro', intro), ...block('samples', samplesLines(facts)), ...block('details', details), '</div>');
  return finish(lines);
}

function securitySchemesSection(model: ApiModel): string[] {
  if (model.securitySchemes.length === 0) return [];
  const lines = ['## Security schemes', '', '| Scheme | Type | Sent as | Description |', '| --- | --- | --- | --- |'];
  for (const scheme of model.securitySchemes) {
    lines.push(`| ${inlineCode(scheme.name)} | ${scheme.type} | ${mdxCell(schemeSentAs(scheme))} | ${mdxCell(scheme.description ?? '')} |`);
  }
  return lines;
}

function operationsIndex(model: ApiModel): string[] {
  const lines = ['## Operations', '', 'Every operation has its own page with parameters, schemas, examples and code samples.'];
  for (const tag of operationsByTag(model)) {
    lines.push('', `### ${mdxMarkdown(tag.name)}`, '');
    if (tag.description) lines.push(mdxMarkdown(oneLine(tag.description)), '');
    lines.push('| Operation | Method | Path |', '| --- | --- | --- |');
    for (const operation of tag.operations) {
      lines.push(`| [${mdxCell(operation.summary)}](${operationRoute(operation)}) | ${operation.method} | ${inlineCode(operation.path)} |`);
    }
  }
  return lines;
}

export function renderOverviewPage(model: ApiModel): string {
  const {info} = model;
  const lines = [
    frontMatter({
      id: API_REFERENCE.overviewSlug,
      title: info.title,
      sidebar_label: info.title,
      description: overviewDescription(model),
      custom_edit_url: null,
    }),
    '',
    GENERATED_NOTE,
    '',
    `# ${mdxMarkdown(info.title)}`,
    '',
    `<p className="api-overview-meta">Version <code>${jsxString(info.version)}</code> · Base URL <code>${jsxString(model.serverUrl)}</code></p>`,
    '',
  ];
  if (info.summary) lines.push(mdxMarkdown(info.summary), '');
  lines.push(mdxMarkdown(info.description), '', ...securitySchemesSection(model), '', ...operationsIndex(model));
  const contact = contactLines(model);
  if (contact.length) lines.push('', '## Contact and terms', '', ...contact.flatMap((line) => [mdxMarkdown(line), '']));
  return finish(lines);
}
