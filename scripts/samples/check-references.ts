/**
 * Reference pages and their manifests must agree both ways:
 * - docs/reference/tower-cli.md: headings whose whole text is `tower <path>` vs the command paths of
 *   data/cli-manifest.json (hidden commands may be documented but need not be; a bare `tower`
 *   heading for the program itself is allowed);
 * - docs/reference/tower-sdk.md: headings whose whole text is a backticked name vs the `name` of each
 *   entry of data/sdk-manifest.json;
 * - docs/reference/towerfile.md: headings `[table]` / `[[array]]` and backticked key paths
 *   (`app.name`, `parameters[].name`) vs the sections and keys derived from
 *   data/towerfile.schema.json.
 * Missing on the page and missing in the manifest are reported separately; a name with two headings
 * is reported too. Every such heading must also be one the page's table of contents shows (levels 2
 * and 3 unless the front matter says otherwise), so that a reader finds each command, SDK entry and
 * Towerfile key there.
 */
import {CHECKED_REFERENCE_PAGES, CLI_MANIFEST_FILE, TABLE_OF_CONTENTS} from '../../src/constants';
import {extractHeadings, scanMarkdown} from './extract-blocks';
import {didYouMean} from '../../lib/suggest';
import type {Problem} from './types';
import type {CliManifest} from '../../lib/tower-cli';
import {propertiesOf, resolveRef, type JsonSchema} from '../../src/towerfile/schema';

export interface SdkManifest {
  sdkVersion?: string;
  entries: {name: string; kind?: string; signature?: string}[];
}

export interface ReferenceFiles {
  /** The reference page, relative to the repository root. */
  page: string;
  /** The manifest or schema it is compared with. */
  source: string;
}

export const CLI_REFERENCE: ReferenceFiles = {page: CHECKED_REFERENCE_PAGES.cli, source: CLI_MANIFEST_FILE};
export const SDK_REFERENCE: ReferenceFiles = {page: CHECKED_REFERENCE_PAGES.sdk, source: 'data/sdk-manifest.json'};
export const TOWERFILE_REFERENCE: ReferenceFiles = {
  page: CHECKED_REFERENCE_PAGES.towerfile,
  source: 'data/towerfile.schema.json',
};

interface NamedHeading {
  name: string;
  line: number;
  level: number;
}

/** Headings whose whole text is one backticked span, as the text inside the backticks. */
export function backtickedHeadings(markdown: string): NamedHeading[] {
  const result: NamedHeading[] = [];
  for (const heading of extractHeadings(markdown)) {
    const m = /^`([^`]+)`$/.exec(heading.text);
    if (m) result.push({name: m[1], line: heading.line, level: heading.level});
  }
  return result;
}

export interface TocLevels {
  min: number;
  max: number;
}

/** The heading levels the page's table of contents shows: the site's, or the page's front matter override. */
export function tocLevels(markdown: string): TocLevels {
  const {frontMatter} = scanMarkdown(markdown);
  const level = (key: string, fallback: number) => {
    const value = Number(frontMatter[key]);
    return Number.isInteger(value) && value >= 2 && value <= 6 ? value : fallback;
  };
  return {
    min: level('toc_min_heading_level', TABLE_OF_CONTENTS.minHeadingLevel),
    max: level('toc_max_heading_level', TABLE_OF_CONTENTS.maxHeadingLevel),
  };
}

interface Comparison {
  files: ReferenceFiles;
  /** What a name is, for messages: "command", "SDK entry", "Towerfile key". */
  what: string;
  documented: NamedHeading[];
  expected: Iterable<string>;
  /** Names that may be documented but need not be. */
  optional?: ReadonlySet<string>;
  render: (name: string) => string;
  /** Heading levels the page's table of contents shows; each documented name must be one of them. */
  toc: TocLevels;
}

function compare(c: Comparison): Problem[] {
  const problems: Problem[] = [];
  const expected = new Set(c.expected);
  const seen = new Map<string, number>();
  const {min, max} = c.toc;
  const hashes = Array.from({length: max - min + 1}, (_, k) => '#'.repeat(min + k));
  for (const {name, line, level} of c.documented) {
    if (level < min || level > max) {
      problems.push({
        file: c.files.page,
        line,
        message:
          `${c.what} ${c.render(name)} is a level-${level} heading, so the table of contents ` +
          `(levels ${min} to ${max}) leaves it out: make it ${hashes.join(' or ')}`,
      });
    }
    const first = seen.get(name);
    if (first !== undefined) {
      problems.push({
        file: c.files.page,
        line,
        message: `${c.what} ${c.render(name)} has a second heading (first on line ${first})`,
      });
      continue;
    }
    seen.set(name, line);
    if (!expected.has(name) && !c.optional?.has(name)) {
      problems.push({
        file: c.files.page,
        line,
        message:
          `missing in manifest: the page documents ${c.what} ${c.render(name)}, which ${c.files.source} ` +
          `does not have${didYouMean(name, expected, c.render)}`,
      });
    }
  }
  for (const name of expected) {
    if (!seen.has(name)) {
      problems.push({
        file: c.files.page,
        line: 1,
        message: `missing on page: ${c.what} ${c.render(name)} from ${c.files.source} has no heading ` + `whose whole text is ${c.render(name)}`,
      });
    }
  }
  return problems;
}

export function checkCliReference(markdown: string, manifest: CliManifest, files = CLI_REFERENCE): Problem[] {
  const documented: NamedHeading[] = [];
  for (const heading of backtickedHeadings(markdown)) {
    const m = /^tower(?: (.+))?$/.exec(heading.name);
    if (m) documented.push({name: (m[1] ?? '').trim().replace(/\s+/g, ' '), line: heading.line, level: heading.level});
  }
  const optional = new Set(['', ...manifest.commands.filter((c) => c.hidden).map((c) => c.path)]);
  return compare({
    files,
    what: 'command',
    documented,
    expected: manifest.commands.filter((c) => !c.hidden).map((c) => c.path),
    optional,
    render: (path) => `\`${path === '' ? 'tower' : `tower ${path}`}\``,
    toc: tocLevels(markdown),
  });
}

export function checkSdkReference(markdown: string, manifest: SdkManifest, files = SDK_REFERENCE): Problem[] {
  return compare({
    files,
    what: 'SDK entry',
    documented: backtickedHeadings(markdown),
    expected: manifest.entries.map((e) => e.name),
    render: (name) => `\`${name}\``,
    toc: tocLevels(markdown),
  });
}

function tableItems(root: JsonSchema, schema: JsonSchema): JsonSchema | null {
  const items = schema.items;
  if (typeof items !== 'object' || items === null) return null;
  const resolved = resolveRef(root, items as JsonSchema);
  return Object.keys(propertiesOf(resolved)).length > 0 ? resolved : null;
}

/**
 * The heading names a Towerfile reference must have, derived from the schema: `[name]` for each
 * top-level table, `[[name]]` for each top-level array of tables, and a key path for every key:
 * `app.name`, `parameters[].name` (nested tables continue the path the same way).
 */
export function towerfileHeadingNames(schema: object): {sections: string[]; keys: string[]} {
  const root = schema as JsonSchema;
  const sections: string[] = [];
  const keys: string[] = [];
  const walk = (prefix: string, node: JsonSchema) => {
    for (const [key, raw] of Object.entries(propertiesOf(node))) {
      const child = resolveRef(root, raw);
      const path = prefix === '' ? key : `${prefix}.${key}`;
      const items = tableItems(root, child);
      if (prefix === '') {
        if (items) sections.push(`[[${key}]]`);
        else if (Object.keys(propertiesOf(child)).length > 0) sections.push(`[${key}]`);
        else keys.push(path);
      } else {
        keys.push(path);
      }
      if (items) walk(`${path}[]`, items);
      else if (Object.keys(propertiesOf(child)).length > 0) walk(path, child);
    }
  };
  walk('', resolveRef(root, root));
  return {sections, keys};
}

const SECTION_HEADING = /^\[\[?[A-Za-z_][\w.-]*\]\]?$/;
const KEY_PATH_HEADING = /^[A-Za-z_][\w-]*(?:\[\])?(?:\.[A-Za-z_][\w-]*(?:\[\])?)+$/;

export function checkTowerfileReference(markdown: string, schema: object, files = TOWERFILE_REFERENCE): Problem[] {
  const {sections, keys} = towerfileHeadingNames(schema);
  const expected = [...sections, ...keys];
  const known = new Set(expected);
  const documented = backtickedHeadings(markdown).filter((h) => SECTION_HEADING.test(h.name) || KEY_PATH_HEADING.test(h.name) || known.has(h.name));
  return compare({
    files,
    what: 'Towerfile section or key',
    documented,
    expected,
    render: (name) => `\`${name}\``,
    toc: tocLevels(markdown),
  });
}
