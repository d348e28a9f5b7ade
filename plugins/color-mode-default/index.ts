/**
 * Three colour-mode choices (light, dark, system) where "system" really
 * follows the OS, while a first visit still gets the site's default (light)
 * whatever the OS prefers.
 *
 * Docusaurus ties both to one switch, `respectPrefersColorScheme`: on, a
 * first visit follows the OS; off, "system" means the site default. The site
 * runs with it on and this plugin adds a small inline script, after the
 * theme's own, that applies the default mode when the reader has made no
 * choice. Choosing "system" is recorded under FOLLOW_SYSTEM_KEY (the theme
 * itself records it by deleting its `theme` key, which is indistinguishable
 * from "no choice yet").
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';
import {FOLLOW_SYSTEM_KEY} from './storage-key';

export function defaultModeScript(defaultMode: 'light' | 'dark'): string {
  return `(function () {
  var chosen = null, followSystem = null;
  try {
    chosen = localStorage.getItem('theme');
    followSystem = localStorage.getItem('${FOLLOW_SYSTEM_KEY}');
  } catch (e) {}
  if (new URLSearchParams(location.search).get('docusaurus-theme')) return;
  if (!chosen && followSystem !== 'true') {
    document.documentElement.setAttribute('data-theme', '${defaultMode}');
    document.documentElement.setAttribute('data-theme-choice', '${defaultMode}');
  }
})();`;
}

export default function colorModeDefaultPlugin(): Plugin {
  return {
    name: 'color-mode-default',
    // The toggle that records the choice of "system" (theme/ColorModeToggle).
    getThemePath() {
      return path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme');
    },
    injectHtmlTags() {
      return {preBodyTags: [{tagName: 'script', innerHTML: defaultModeScript('light')}]};
    },
  };
}
