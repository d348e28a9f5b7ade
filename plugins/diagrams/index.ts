/**
 * Diagrams in the docs: ```dot fences (fence.ts) rendered to inline SVG while
 * the pages compile (remark.ts, render.ts). This plugin only adds their
 * stylesheet, the colours of both colour modes; the docs preset runs
 * remark.ts. No JavaScript of its own reaches the browser.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

export const DIAGRAM_STYLESHEET = path.join(path.dirname(fileURLToPath(import.meta.url)), 'diagrams.css');

export default function diagramsPlugin(): Plugin {
  return {
    name: 'tower-diagrams',
    getClientModules() {
      return [DIAGRAM_STYLESHEET];
    },
  };
}
