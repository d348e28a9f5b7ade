// Astro Starlight reference site for `npm run bench` (bench only, never part
// of the product). Pages come from ../make-pages.ts; everything else is
// Starlight's defaults (built-in Pagefind search, Expressive Code, light/dark).
//
// Why this project lives in a dot-folder: the repository's tsconfig includes
// bench/ with allowJs, and a .mjs file it includes makes the root `npx tsc`
// follow these imports into Starlight's TypeScript sources in
// bench/node_modules, which only type-check inside an Astro project.
// TypeScript's wildcards never enter dot-folders, so this stays out of the
// root type-check even if tsconfig's exclude list changes.
import {readFileSync} from 'node:fs';
import starlight from '@astrojs/starlight';
import {defineConfig} from 'astro/config';

const sidebar = JSON.parse(readFileSync(new URL('./sidebar.generated.json', import.meta.url), 'utf8'));

export default defineConfig({
  site: 'https://conveyor.example',
  outDir: '../dist',
  telemetry: false,
  integrations: [
    starlight({
      title: 'Conveyor',
      sidebar,
    }),
  ],
});
