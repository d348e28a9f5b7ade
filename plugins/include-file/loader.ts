/**
 * A bundler loader that runs before the MDX loader on every docs page and
 * expands the fences that include a file (expand.ts). Each included file
 * becomes a dependency of the page, so a rebuild, the persistent bundler
 * cache and the dev server's watcher all notice when only the file changed.
 */
import path from 'node:path';
import {expandIncludes} from './expand';

export type IncludeLoaderOptions = {siteDir: string};

/** The part of the loader context this loader uses (webpack and Rspack agree on it). */
export type LoaderContextLike = {
  resourcePath: string;
  getOptions(): IncludeLoaderOptions;
  addDependency(file: string): void;
};

export default function includeFileLoader(this: LoaderContextLike, source: string): string {
  const {siteDir} = this.getOptions();
  const sourceName = path.relative(siteDir, this.resourcePath).split(path.sep).join('/');
  const {markdown, files} = expandIncludes(source, {siteDir, sourceName});
  for (const file of files) this.addDependency(file);
  return markdown;
}
