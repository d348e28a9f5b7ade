/**
 * Local Docusaurus plugin that owns the API reference.
 *
 * The pages under docs/reference/api/ are generated, never committed. This
 * plugin regenerates them from openapi/tower-api.yaml while Docusaurus
 * initialises its plugins, which happens before any plugin (the docs plugin
 * included) loads content. So every `docusaurus build` and `docusaurus start`,
 * however it is invoked (npm script or plain npx), works from the spec as it
 * is now. Under `docusaurus start` the spec is watched, and the pages are
 * rewritten when it changes.
 *
 * It also adds the small stylesheet for method badges (sidebar and pages).
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {generateApiReference, specHash} from './generate';

export type ApiReferenceOptions = {
  specPath?: string;
  outputDir?: string;
  docsDir?: string;
};

const DEFAULTS = {
  specPath: 'openapi/tower-api.yaml',
  outputDir: 'docs/reference/api',
  docsDir: 'docs',
};

export default async function apiReferencePlugin(context: LoadContext, options: unknown): Promise<Plugin> {
  const settings = {...DEFAULTS, ...(options as ApiReferenceOptions | undefined), siteDir: context.siteDir};
  const specFile = path.resolve(context.siteDir, settings.specPath);
  const started = Date.now();
  const first = await generateApiReference(settings);
  let generatedFrom = first.specHash;
  console.log(`[api-reference] ${first.files.length} pages generated from ${settings.specPath} in ${Date.now() - started} ms`);

  return {
    name: 'tower-api-reference',
    getPathsToWatch() {
      return [specFile];
    },
    async loadContent() {
      // Runs again when the watched spec changes under `docusaurus start`.
      if (specHash(specFile) === generatedFrom) return;
      const result = await generateApiReference(settings);
      generatedFrom = result.specHash;
      console.log(`[api-reference] spec changed: ${result.files.length} pages regenerated`);
    },
    getClientModules() {
      return [path.join(path.dirname(fileURLToPath(import.meta.url)), 'api-reference.css')];
    },
  };
}
