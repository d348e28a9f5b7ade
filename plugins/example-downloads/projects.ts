/**
 * The example projects under examples/ and their downloads. Each folder
 * examples/<slug>/ is one project; the site offers it as /examples/<slug>.zip,
 * a zip whose entries all sit in a top folder <slug>/.
 *
 * The zip is deterministic: entries in sorted order, one fixed timestamp and
 * fixed Unix permissions, so the same project always gives the same bytes.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {zipSync, type Zippable} from 'fflate';
import {listFiles} from '../../lib/files';

export const EXAMPLES_DIR = 'examples';
/** Where the downloads are served, relative to the site's base URL. */
export const DOWNLOADS_ROUTE = 'examples';

/** Local folders and files that never belong in a download (caches, editors, virtual environments). */
const IGNORED_SEGMENT = /^(?:__pycache__|\.venv|venv|\.git|\.mypy_cache|\.pytest_cache|\.ruff_cache|\.DS_Store|node_modules)$/;
const IGNORED_FILE = /\.py[co]$/;

/** Every entry of the zip carries this time (a local date, as zip stores it, so any time zone gives the same bytes). */
const ENTRY_TIME = new Date(2026, 0, 1, 0, 0, 0);
/** Regular file, rw-r--r--, in the high 16 bits of the external attributes (Unix "made by"). */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

export type ExampleProject = {slug: string; dir: string};

/** The projects in examples/, sorted by slug. A slug is lower-case letters, digits and dashes. */
export function listProjects(siteDir: string): ExampleProject[] {
  const root = path.join(siteDir, EXAMPLES_DIR);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => !name.startsWith('.') && statSync(path.join(root, name)).isDirectory())
    .sort()
    .map((slug) => {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
        throw new Error(`${EXAMPLES_DIR}/${slug}: an example project's folder name must be lower-case letters, digits and dashes (it becomes ${slug}.zip)`);
      }
      return {slug, dir: path.join(root, slug)};
    });
}

/** The files of a project that go into its download, as sorted posix paths relative to the project. */
export function projectFiles(dir: string): string[] {
  return listFiles(dir, (relative) => {
    const segments = relative.split('/');
    return !segments.some((segment) => IGNORED_SEGMENT.test(segment)) && !IGNORED_FILE.test(relative);
  }).map((file) => path.relative(dir, file).split(path.sep).join('/'));
}

/** The project as a zip: every file under <slug>/. */
export function zipProject(project: ExampleProject): Uint8Array {
  const entries: Zippable = {};
  for (const file of projectFiles(project.dir)) {
    entries[`${project.slug}/${file}`] = [readFileSync(path.join(project.dir, file)), {mtime: ENTRY_TIME, os: 3, attrs: FILE_ATTRIBUTES}];
  }
  return zipSync(entries, {level: 9});
}

/** `/examples/<slug>.zip` -> `<slug>`; undefined for any other path. */
export function slugOfDownload(href: string): string | undefined {
  return new RegExp(`^/${DOWNLOADS_ROUTE}/([^/?#]+)\\.zip$`).exec(href)?.[1];
}

export function downloadPath(slug: string): string {
  return `/${DOWNLOADS_ROUTE}/${slug}.zip`;
}
