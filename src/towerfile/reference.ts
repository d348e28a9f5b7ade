/**
 * Where a Towerfile key is documented. docs/reference/towerfile.md has one heading per section
 * (`[app]`, `[[parameters]]`) and per key (`app.name`, `parameters[].hidden`); the sample checker
 * (scripts/samples/check-references.ts) keeps that true, so a key path always maps to an anchor.
 */
export const TOWERFILE_REFERENCE_ROUTE = '/docs/reference/towerfile';
export const TOWERFILE_CHECKER_ROUTE = '/docs/reference/towerfile-checker';

/** The section of the reference that lists what can go wrong, for problems tied to no key. */
export const COMMON_ERRORS_ANCHOR = 'common-errors';

const isIndex = (segment: string) => /^\d+$/.test(segment);

/**
 * The reference heading for a path: `[app]`, `[[parameters]]` for a section when `arrayOfTables`,
 * `app.name`, `parameters[].name`. Array indexes collapse to `[]`.
 */
export function referenceHeading(path: readonly string[], arrayOfTables = false): string {
  if (path.length === 1) return arrayOfTables ? `[[${path[0]}]]` : `[${path[0]}]`;
  let heading = '';
  for (const segment of path) {
    if (isIndex(segment)) heading += '[]';
    else heading += heading === '' ? segment : `.${segment}`;
  }
  return heading;
}

/**
 * The id Docusaurus gives a heading: its text lower-cased, with punctuation other than `-` and `_`
 * dropped and spaces turned into `-` (github-slugger's rule; a unit test compares the two).
 */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** `app.name` for ["app", "name"], `parameters[1].hidden` for ["parameters", "1", "hidden"]. */
export function keyPathLabel(path: readonly string[]): string {
  let label = '';
  for (const segment of path) {
    if (isIndex(segment)) label += `[${segment}]`;
    else label += label === '' ? segment : `.${segment}`;
  }
  return label;
}
