// Starlight's docs collection, read from src/content/docs/ (written by ../../make-pages.ts).
import {defineCollection} from 'astro:content';
import {docsLoader} from '@astrojs/starlight/loaders';
import {docsSchema} from '@astrojs/starlight/schema';

export const collections = {
  docs: defineCollection({loader: docsLoader(), schema: docsSchema()}),
};
