/** Defers Docusaurus' viewport link prefetching to idle time (see client.ts). */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

export default function idlePrefetchPlugin(): Plugin {
  return {
    name: 'idle-prefetch',
    getClientModules() {
      return [path.join(path.dirname(fileURLToPath(import.meta.url)), 'client.ts')];
    },
  };
}
