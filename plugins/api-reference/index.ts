/**
 * Local Docusaurus plugin that owns the API reference.
 *
 * The pages under docs/reference/api/ are generated, never committed. This
 * plugin regenerates them from the OpenAPI document while Docusaurus
 * initialises its plugins, which happens before any plugin (the docs plugin
 * included) loads content. So every `docusaurus build` and `docusaurus start`,
 * however it is invoked (npm script or plain npx), works from the spec as it
 * is now, and a broken spec stops the build with its file and line. Under
 * `docusaurus start` the spec is watched, and the pages are rewritten when it
 * changes.
 *
 * Its content (ApiReferenceContent) tells plugins/llms-txt where the spec is
 * and how the spec's links are labelled, so the Markdown twins are rendered
 * from the same model with the same words.
 *
 * It also adds the small stylesheet for method badges (sidebar and pages).
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {API_REFERENCE} from '../../src/constants';
import {generateApiReference, type GenerateOptions, type LinkTitles} from './generate';
import {loadApiModel} from './model';

/** What the plugin hands to other plugins (allContent['api-reference'].default). Plain JSON. */
export type ApiReferenceContent = {
  /** Absolute path of the OpenAPI document; loadApiModel(specFile, specName) returns the model the pages use. */
  specFile: string;
  /** The document as named in messages. */
  specName: string;
  linkTitles: LinkTitles;
};

export const API_REFERENCE_PLUGIN = 'api-reference';

export default async function apiReferencePlugin(context: LoadContext): Promise<Plugin> {
  const settings: GenerateOptions = {
    siteDir: context.siteDir,
    specPath: API_REFERENCE.specFile,
    outputDir: path.join('docs', API_REFERENCE.docDir),
    docsDir: 'docs',
  };
  const specFile = path.resolve(context.siteDir, settings.specPath);
  const started = Date.now();
  let generated = await generateApiReference(settings);
  console.log(`[api-reference] ${generated.files.length} pages generated from ${settings.specPath} in ${Date.now() - started} ms`);

  return {
    name: API_REFERENCE_PLUGIN,
    getPathsToWatch() {
      return [specFile];
    },
    async loadContent(): Promise<ApiReferenceContent> {
      // Runs again when the watched spec changes under `docusaurus start`; the model is memoised per content.
      if ((await loadApiModel(specFile, settings.specPath)) !== generated.model) {
        generated = await generateApiReference(settings);
        console.log(`[api-reference] spec changed: ${generated.files.length} pages regenerated`);
      }
      return {specFile, specName: settings.specPath, linkTitles: generated.linkTitles};
    },
    getClientModules() {
      return [path.join(path.dirname(fileURLToPath(import.meta.url)), 'api-reference.css')];
    },
  };
}
