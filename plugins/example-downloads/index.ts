/**
 * Local Docusaurus plugin: every example project under examples/ is offered
 * as /examples/<slug>.zip (projects.ts). postBuild writes the zips into the
 * build; under `docusaurus start` a dev-server middleware builds them on
 * request. Pages link them with ordinary Markdown links (rehype.ts).
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {DOWNLOADS_ROUTE, listProjects, slugOfDownload, zipProject} from './projects';
import {devServerMiddleware} from '../../lib/dev-server';

export default function exampleDownloadsPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;

  function middleware(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    const pathname = decodeURIComponent((request.url ?? '/').split(/[?#]/)[0]);
    const base = siteConfig.baseUrl.replace(/\/$/, '');
    const slug = pathname.startsWith(base) ? slugOfDownload(pathname.slice(base.length)) : undefined;
    const project = slug === undefined ? undefined : listProjects(siteDir).find((candidate) => candidate.slug === slug);
    if (!project) return next();
    response.setHeader('Content-Type', 'application/zip');
    response.end(Buffer.from(zipProject(project)));
  }

  return {
    name: 'example-downloads',

    async postBuild({outDir}) {
      const projects = listProjects(siteDir);
      await mkdir(path.join(outDir, DOWNLOADS_ROUTE), {recursive: true});
      const written = await Promise.all(
        projects.map(async (project) => {
          const zip = zipProject(project);
          await writeFile(path.join(outDir, DOWNLOADS_ROUTE, `${project.slug}.zip`), zip);
          return `${project.slug}.zip ${zip.byteLength} bytes`;
        }),
      );
      console.log(`[example-downloads] wrote ${written.join(', ')}`);
    },

    configureWebpack(_config, isServer) {
      return devServerMiddleware('example-downloads', middleware, isServer);
    },
  };
}
