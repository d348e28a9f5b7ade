/**
 * axe-core in a page: the violations of the WCAG 2.1 A/AA and best-practice
 * rules, one line each. axe is injected as a script, so the context needs
 * `bypassCSP: true` (the production CSP rightly forbids it).
 */
import {createRequire} from 'node:module';
import type {Browser, Page} from 'playwright-core';
import {DESKTOP, PHONE, openContext, type Watched} from '../../../lib/browser';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type AxeViolation = {id: string; impact: string; help: string; nodes: {target: string[]}[]};

export async function axeViolations(page: Page, disabledRules: string[] = []): Promise<string[]> {
  await page.addScriptTag({path: AXE_SOURCE});
  const violations = await page.evaluate(async (disabled) => {
    const axe = (window as Window & {axe?: {run: (ctx: Document, options: object) => Promise<{violations: AxeViolation[]}>}}).axe;
    if (!axe) throw new Error('axe-core did not load into the page');
    const result = await axe.run(document, {
      runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
      rules: Object.fromEntries(disabled.map((id) => [id, {enabled: false}])),
    });
    return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({target: n.target}))}));
  }, disabledRules);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

export type Look = {device: string; viewport: {width: number; height: number}; theme: 'light' | 'dark'};

/** What the accessibility checks cover: desktop and a 390 px phone, each in light and dark mode. */
export const LOOKS: readonly Look[] = [
  {device: 'desktop', viewport: DESKTOP, theme: 'light'},
  {device: 'desktop', viewport: DESKTOP, theme: 'dark'},
  {device: '390 px', viewport: PHONE, theme: 'light'},
  {device: '390 px', viewport: PHONE, theme: 'dark'},
];

/** A context in one look, ready for axe: the CSP bypassed and the colour mode stored before any page loads. */
export async function openAxeContext(browser: Browser, baseUrl: string, look: Look): Promise<Watched> {
  const watched = await openContext(browser, baseUrl, {viewport: look.viewport, bypassCSP: true});
  await watched.context.addInitScript(`try { localStorage.setItem('theme', '${look.theme}') } catch (e) {}`);
  return watched;
}
