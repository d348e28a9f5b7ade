/**
 * The CLI manifest's version as a module the site's pages can import, `@tower/cli-version`, for
 * pages that show real output of the CLI (the home page's `tower version`). Only the pages that
 * import it carry it; the manifest itself stays out of the browser. A missing or versionless
 * manifest fails the build, as for the reference pages (./index.ts).
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {CLI_MANIFEST_FILE} from '../../src/constants';
import {checkedCliVersion} from './index';

export const CLI_VERSION_MODULE = '@tower/cli-version';

export default function cliVersionModulePlugin(context: LoadContext): Plugin {
  const manifest = path.join(context.siteDir, CLI_MANIFEST_FILE);
  const output = path.join(context.generatedFilesDir, 'checked-version', 'cli-version.js');
  return {
    name: 'cli-version-module',
    getPathsToWatch: () => [manifest],
    async loadContent() {
      await mkdir(path.dirname(output), {recursive: true});
      await writeFile(output, `export default ${JSON.stringify(checkedCliVersion(manifest))};\n`);
    },
    configureWebpack() {
      return {resolve: {alias: {[CLI_VERSION_MODULE]: output}}};
    },
  };
}
