/**
 * Diagrams in the docs: ```dot fences (fence.ts) rendered to inline SVG while
 * the pages compile (remark.ts, render.ts), coloured for both colour modes by
 * diagrams.css. The docs preset runs the remark plugin and the theme loads the
 * stylesheet; nothing else of this plugin, and no diagram library, reaches the
 * browser.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export {default as remarkDiagrams} from './remark';

export const DIAGRAM_STYLESHEET = path.join(path.dirname(fileURLToPath(import.meta.url)), 'diagrams.css');
