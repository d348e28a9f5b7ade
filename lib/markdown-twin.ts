/**
 * Where the Markdown twin of a page lives. Shared by the plugin (which writes
 * the files) and the theme (which links to them), so both always agree.
 * `/docs/intro` -> `/docs/intro.md`; a route ending in `/` -> `<route>index.md`.
 */
export function markdownPath(permalink: string): string {
  const clean = permalink.split(/[?#]/)[0];
  return clean.endsWith('/') ? `${clean}index.md` : `${clean}.md`;
}
