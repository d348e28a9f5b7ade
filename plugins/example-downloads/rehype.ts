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
import type {Nodes, Root} from 'hast';
import {EXAMPLES_DIR, slugOfDownload} from './projects';

type DownloadLinkOptions = {siteDir: string};

export function markDownloadLinks(tree: Root, siteDir: string, sourceName = 'a docs page'): void {
  const visit = (node: Nodes) => {
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
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
}

export default function rehypeDownloadLinks(options: DownloadLinkOptions) {
  return (tree: Root, file: {path?: string}) => markDownloadLinks(tree, options.siteDir, file.path ? path.relative(options.siteDir, file.path) : undefined);
}
