/**
 * Local Docusaurus plugin: text files for language models.
 *
 * After all content is loaded it computes, from the same sources as the pages
 * (the docs' Markdown files, the loaded sidebars, the API model of
 * plugins/api-reference and data/sdk-manifest.json):
 *   - /llms.txt         index in the llmstxt.org format
 *   - /llms-full.txt    every docs page in sidebar order, cleaned Markdown
 *   - /llms-api.txt     the HTTP API, from the API pages' own Markdown renderer
 *   - /llms-sdk.txt     the Python SDK reference, checked against the manifest
 *   - <route>.md        the Markdown twin of every docs page
 * postBuild writes them into the build; under `docusaurus start` a dev-server
 * middleware serves the same files from memory. Bad input (a page with no
 * description, an SDK entry with no section, an unclosed admonition...) fails
 * the build with a message naming the file or entry.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import {Joi} from '@docusaurus/utils-validation';
import {SITE, SIDEBARS} from '../../src/constants';
import {API_REFERENCE_PLUGIN, type ApiReferenceContent} from '../api-reference';
import {loadApiModel} from '../api-reference/model';
import {checkedCliVersion} from '../checked-version';
import {generate, LlmsInputError, type DocInput, type GenerateInput, type SdkManifest, type SidebarItem} from './generate';
import {expandIncludes} from '../include-file/expand';
import {devServerMiddleware} from '../../lib/dev-server';

export type LlmsTxtOptions = {
  productName: string;
  summary: string;
  details?: string;
  /** Sidebars to read, in order; the rest follow in definition order. */
  sidebarOrder: string[];
  sectionTitles: Record<string, string>;
  sectionOrder: string[];
  sdkDocId?: string;
  sdkManifestFile?: string;
};

const DEFAULTS: LlmsTxtOptions = {
  productName: SITE.title,
  summary:
    'Tower is a Python data platform for data scientists and engineers. It runs and orchestrates Python data apps in the cloud, on demand or on schedules, in environments that hold their secrets, catalogs and tables, and you drive it through the `tower` CLI, the Tower SDK (the `tower` Python package) and the Tower API v1.',
  details: `This documentation covers tower-cli and the Tower SDK version ${checkedCliVersion()}: installing the CLI, deploying a first app, the concepts (apps, environments, runs, tables, models, teams), how the platform is built, task guides, complete examples, and the reference for every CLI command, SDK function, Towerfile key and API operation.`,
  sidebarOrder: [SIDEBARS.docs, SIDEBARS.examples],
  sectionTitles: {'Getting Started': 'Getting started', 'Tower Architecture': 'Architecture'},
  sectionOrder: ['Getting started', 'Concepts', 'Architecture', 'Using Tower', 'Examples', 'Reference', 'API'],
  sdkDocId: 'reference/tower-sdk',
  sdkManifestFile: 'data/sdk-manifest.json',
};

type DocMetadataLike = {
  id: string;
  title: string;
  permalink: string;
  source: string;
  unlisted?: boolean;
};
type LoadedVersionLike = {versionName: string; docs: DocMetadataLike[]; sidebars: Record<string, SidebarItem[]>};

const CONTENT_TYPES: Record<string, string> = {
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const OPTIONS_SCHEMA = Joi.object<LlmsTxtOptions>({
  productName: Joi.string().default(DEFAULTS.productName),
  summary: Joi.string().default(DEFAULTS.summary),
  details: Joi.string().default(DEFAULTS.details),
  sidebarOrder: Joi.array().items(Joi.string()).default(DEFAULTS.sidebarOrder),
  sectionTitles: Joi.object().pattern(Joi.string(), Joi.string()).default(DEFAULTS.sectionTitles),
  sectionOrder: Joi.array().items(Joi.string()).default(DEFAULTS.sectionOrder),
  sdkDocId: Joi.string().default(DEFAULTS.sdkDocId),
  sdkManifestFile: Joi.string().default(DEFAULTS.sdkManifestFile),
});

/** Docusaurus calls this before the plugin: an unknown or mistyped option stops the build with Joi's message naming it. */
export function validateOptions({options, validate}: OptionValidationContext<Partial<LlmsTxtOptions>, LlmsTxtOptions>): LlmsTxtOptions {
  return validate(OPTIONS_SCHEMA, options);
}

function fail(message: string): never {
  throw new Error(`[llms-txt] ${message}`);
}

export default function llmsTxtPlugin(context: LoadContext, options: Partial<LlmsTxtOptions> = {}): Plugin<void> {
  const settings: LlmsTxtOptions = {...DEFAULTS, ...options};
  const {siteDir, siteConfig} = context;
  const siteUrl = `${siteConfig.url.replace(/\/$/, '')}${siteConfig.baseUrl.replace(/\/$/, '')}`;
  let files = new Map<string, string>();

  async function readInputs(version: LoadedVersionLike, api: ApiReferenceContent | undefined): Promise<GenerateInput> {
    const docs: DocInput[] = await Promise.all(
      version.docs.map(async (doc) => {
        const source = doc.source.replace(/^@site\//, '');
        return {
          id: doc.id,
          title: doc.title,
          permalink: doc.permalink,
          source,
          // Fences that include a file (plugins/include-file) carry that file's text here too.
          raw: expandIncludes(await readFile(path.join(siteDir, source), 'utf8'), {siteDir, sourceName: source}).markdown,
          unlisted: doc.unlisted,
        };
      }),
    );
    docs.sort((a, b) => a.id.localeCompare(b.id));
    const sidebarIds = [
      ...settings.sidebarOrder.filter((id) => id in version.sidebars),
      ...Object.keys(version.sidebars).filter((id) => !settings.sidebarOrder.includes(id)),
    ];
    const input: GenerateInput = {
      siteUrl,
      productName: settings.productName,
      summary: settings.summary,
      details: settings.details,
      docs,
      sidebars: sidebarIds.map((id) => ({id, items: version.sidebars[id]})),
      sectionTitles: settings.sectionTitles,
      sectionOrder: settings.sectionOrder,
    };
    if (api) {
      // The same (memoised) model the API pages were generated from.
      input.api = {model: await loadApiModel(api.specFile, api.specName), linkTitles: api.linkTitles};
    }
    if (settings.sdkDocId && settings.sdkManifestFile) {
      const file = path.join(siteDir, settings.sdkManifestFile);
      const text = await readFile(file, 'utf8').catch(() => fail(`cannot read the SDK manifest ${settings.sdkManifestFile}`));
      let manifest: SdkManifest;
      try {
        manifest = JSON.parse(text) as SdkManifest;
      } catch (error) {
        fail(`${settings.sdkManifestFile} is not valid JSON (${(error as Error).message})`);
      }
      if (!Array.isArray(manifest.entries) || manifest.entries.some((entry) => typeof entry?.name !== 'string')) {
        fail(`${settings.sdkManifestFile} has no "entries" list of objects with a "name"`);
      }
      input.sdk = {docId: settings.sdkDocId, manifest, manifestName: settings.sdkManifestFile};
    }
    return input;
  }

  /** Serves the generated files under `docusaurus start`. */
  function middleware(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    const pathname = decodeURIComponent((request.url ?? '/').split(/[?#]/)[0]);
    const base = siteConfig.baseUrl;
    if (!pathname.startsWith(base)) return next();
    const content = files.get(pathname.slice(base.length));
    const type = CONTENT_TYPES[path.extname(pathname)];
    if (content === undefined || !type) return next();
    response.setHeader('Content-Type', type);
    response.end(content);
  }

  return {
    name: 'llms-txt',

    getPathsToWatch() {
      // The OpenAPI document is watched by plugins/api-reference; its reload brings new content here too.
      return settings.sdkManifestFile ? [path.join(siteDir, settings.sdkManifestFile)] : [];
    },

    async allContentLoaded({allContent}) {
      const docsContent = allContent['docusaurus-plugin-content-docs']?.default as {loadedVersions: LoadedVersionLike[]} | undefined;
      if (!docsContent) fail('the docs plugin (id "default") is not loaded');
      const version = docsContent.loadedVersions.find((candidate) => candidate.versionName === 'current') ?? docsContent.loadedVersions[0];
      const api = allContent[API_REFERENCE_PLUGIN]?.default as ApiReferenceContent | undefined;
      const input = await readInputs(version, api);
      try {
        const result = generate(input);
        for (const warning of result.warnings) console.warn(`[llms-txt] warning: ${warning}`);
        files = result.files;
      } catch (error) {
        if (error instanceof LlmsInputError) fail(error.message);
        throw error;
      }
    },

    async postBuild({outDir}) {
      if (files.size === 0) fail('nothing was generated (allContentLoaded did not run)');
      for (const [relative, content] of files) {
        const target = path.join(outDir, relative);
        await mkdir(path.dirname(target), {recursive: true});
        await writeFile(target, content, 'utf8');
      }
      const markdownTwins = [...files.keys()].filter((file) => file.endsWith('.md')).length;
      console.log(`[llms-txt] wrote ${files.size - markdownTwins} llms files and ${markdownTwins} Markdown pages`);
    },

    configureWebpack(_config, isServer) {
      return devServerMiddleware('llms-txt', middleware, isServer);
    },
  };
}
