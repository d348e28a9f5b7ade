/**
 * A rehype plugin for the docs: a Markdown link to /examples/<slug>.zip
 * becomes a download of that example project. The zip is written after the
 * build (index.ts), so Docusaurus cannot check the link itself; this plugin
 * fails the build, naming the page, when no project examples/<slug>/ exists.
 *
 * The link is marked `pathname://` so the router treats it as a file rather
 * than a page, and gets `download` so the browser saves it.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {HastNode} from '../rehype-focusable-tables';
import {EXAMPLES_DIR, slugOfDownload} from './projects';

export type DownloadLinkOptions = {siteDir: string};

export function markDownloadLinks(tree: HastNode, siteDir: string, sourceName = 'a docs page'): void {
  const visit = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'a' && typeof node.properties?.href === 'string') {
      const slug = slugOfDownload(node.properties.href);
      if (slug !== undefined) {
        if (!existsSync(path.join(siteDir, EXAMPLES_DIR, slug))) {
          throw new Error(`${sourceName}: the link ${node.properties.href} needs an example project ${EXAMPLES_DIR}/${slug}/, which does not exist`);
        }
        node.properties = {
          ...node.properties,
          href: `pathname://${node.properties.href}`,
          download: `${slug}.zip`,
          target: '_self',
        };
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree);
}

export default function rehypeDownloadLinks(options: DownloadLinkOptions) {
  return (tree: HastNode, file: {path?: string}) =>
    markDownloadLinks(tree, options.siteDir, file.path ? path.relative(options.siteDir, file.path) : undefined);
}
