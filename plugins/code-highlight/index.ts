/**
 * Keeps Prism out of the browser. Code blocks are highlighted at build time
 * (rehype.ts, highlight.ts) and rendered by src/theme/CodeBlock, so the
 * theme's client module that loads prism-react-renderer and its extra
 * languages on every page is replaced by an empty one.
 *
 * Why: in a 4x-throttled mobile profile, initialising Prism was about half of
 * the main bundle's evaluation, and the stock code block re-creates every
 * block once the page has hydrated (it is keyed on "is this the browser"),
 * re-tokenising the code on the main thread. Both were long tasks.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The theme-classic client module that would pull Prism into every page. */
export const PRISM_CLIENT_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

export default function codeHighlightPlugin(): Plugin {
  return {
    name: 'code-highlight',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(PRISM_CLIENT_MODULE, path.join(HERE, 'no-client-highlighter.ts'))],
      };
    },
  };
}
