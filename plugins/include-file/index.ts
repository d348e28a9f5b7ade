/**
 * Local Docusaurus plugin: fences such as ```python file="examples/x/main.py"
 * show that file of the repository (see expand.ts). The expansion runs as a
 * loader in front of the MDX loader of the docs, so everything later (MDX,
 * highlighting, the table of contents) sees an ordinary code block.
 */
import path from 'node:path';
import {createRequire} from 'node:module';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {IncludeLoaderOptions} from './loader';

const require = createRequire(import.meta.url);

/** The CommonJS entry of the loader (loader.cjs explains why it exists). */
export const LOADER = require.resolve('./loader.cjs');

export const DOCS_DIR = 'docs';

export default function includeFilePlugin(context: LoadContext): Plugin {
  const options: IncludeLoaderOptions = {siteDir: context.siteDir};
  return {
    name: 'include-file',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/i,
              include: [path.join(context.siteDir, DOCS_DIR)],
              enforce: 'pre' as const,
              use: [{loader: LOADER, options}],
            },
          ],
        },
      };
    },
  };
}
