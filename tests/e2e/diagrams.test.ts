/**
 * Diagrams as a reader meets them: every page whose Markdown holds a ```dot
 * fence shows that many inline SVG figures, in the HTML itself and after a
 * client-side navigation, named for screen readers, fitting a 390 px phone
 * (scrolling in their frame rather than shrinking text below 12 px), with no
 * edge label touching a line, legible in both colour modes, and passing axe.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {Parser} from 'htmlparser2';
import type {Page} from 'playwright-core';
import {isDiagramLanguage, titleSentence} from '../../plugins/diagrams/fence';
import {FIGURE_CLASS} from '../../plugins/diagrams/remark';
import {listDocFiles} from '../../scripts/samples/check-all';
import {scanMarkdown} from '../../scripts/samples/extract-blocks';
import {REPO_ROOT} from '../../lib/paths';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {goto, openContext} from '../../lib/browser';
import {DOC_ROUTES} from './routes';
import {useSite} from './support/site';

/** Route of each docs page with diagrams, and how many it has, read from the sources. */
const DIAGRAM_PAGES: Array<{route: string; count: number}> = listDocFiles(REPO_ROOT)
  .map((file) => ({
    route: `/${file.replace(/\.mdx?$/, '')}`,
    count: scanMarkdown(readFileSync(path.join(REPO_ROOT, file), 'utf8'), file).blocks.filter((b) => isDiagramLanguage(b.lang)).length,
  }))
  .filter((page) => page.count > 0);

const site = useSite();

/** How many diagram figures of an HTML document hold an <svg> (in their scrolling frame). */
function figuresWithSvg(html: string): number {
  let count = 0;
  let openFigure = false;
  new Parser({
    onopentag(name, attributes) {
      if (name === 'figure') openFigure = (attributes.class ?? '').split(/\s+/).includes(FIGURE_CLASS);
      if (openFigure && name === 'svg') {
        count += 1;
        openFigure = false;
      }
    },
  }).end(html);
  return count;
}

type FigureReport = {
  title: string;
  description: string;
  label: string;
  labelledBy: string[];
  role: string | null;
  caption: string;
  /** The frame's width and the column's: the frame never overflows the column (its drawing may scroll inside it). */
  frameWidth: number;
  figureWidth: number;
  /** The smallest text of the drawing as drawn, in CSS pixels. */
  smallestText: number;
  /** Edge labels that a line of the drawing passes within 2 px of. */
  labelsOnLines: string[];
  /** Contrast of each label against the fill behind it, and of the lines against the page. */
  textContrast: number[];
  lineContrast: number[];
  stroke: string;
};

/**
 * What a reader (and a screen reader) gets from each diagram on the page. Plain
 * JavaScript in a string: it runs in the page, untouched by the TypeScript loader.
 */
const READ_FIGURES = `(() => {
  // [r, g, b] of a computed colour; [] for none or fully transparent.
  const rgb = (colour) => {
    if (!colour.startsWith('rgb')) return [];
    const values = colour.match(/[\\d.]+/g).map(Number);
    return values.length > 3 && values[3] === 0 ? [] : values.slice(0, 3);
  };
  const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const contrast = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
  };
  // The page's own background (a transparent page shows the canvas, white).
  const pageBackground = [document.body, document.documentElement].map((el) => rgb(getComputedStyle(el).backgroundColor)).find((c) => c.length) || [255, 255, 255];
  return Array.from(document.querySelectorAll('figure.${FIGURE_CLASS}')).map((figure) => {
    const svg = figure.querySelector('svg');
    const ids = (svg.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
    // Filled shapes in painting order: the last one under a label is what the label sits on.
    const shapes = Array.from(svg.querySelectorAll('g.node > *, g.cluster > *'))
      .filter((el) => el.tagName !== 'text' && rgb(getComputedStyle(el).fill).length)
      .map((el) => ({box: el.getBoundingClientRect(), fill: rgb(getComputedStyle(el).fill)}));
    const backgroundOf = (text) => {
      const box = text.getBoundingClientRect();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const under = shapes.filter((s) => s.box.left <= x && x <= s.box.right && s.box.top <= y && y <= s.box.bottom).pop();
      return under ? under.fill : pageBackground;
    };
    const lines = Array.from(svg.querySelectorAll('g.edge > path'));
    const plainLine = svg.querySelector('g.edge:not(.muted) > path');
    const textOf = (id) => (document.getElementById(id) || {}).textContent || '';
    return {
      title: textOf(ids[0]),
      description: textOf(ids[1]),
      label: ids.map((id) => (document.getElementById(id) || {}).textContent || '').join(' ').trim(),
      labelledBy: ids.map((id) => (document.getElementById(id) || {tagName: 'missing'}).tagName),
      role: svg.getAttribute('role'),
      caption: (figure.querySelector('figcaption') || {}).textContent || '',
      frameWidth: svg.parentElement.getBoundingClientRect().width,
      figureWidth: figure.getBoundingClientRect().width,
      smallestText: Math.min(...Array.from(svg.querySelectorAll('text')).map((text) => text.getBoundingClientRect().height ? Number(text.getAttribute('font-size') || svg.getAttribute('font-size')) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : Infinity)),
      labelsOnLines: (() => {
        // Points every 2 px along every edge line, in page coordinates.
        const points = lines.flatMap((path) => {
          const matrix = path.getScreenCTM();
          const length = path.getTotalLength();
          const found = [];
          for (let at = 0; at <= length; at += 2) found.push(path.getPointAtLength(at).matrixTransform(matrix));
          return found;
        });
        return Array.from(svg.querySelectorAll('g.edge > text'))
          .filter((text) => {
            const box = text.getBoundingClientRect();
            return points.some((p) => p.x >= box.left - 2 && p.x <= box.right + 2 && p.y >= box.top - 2 && p.y <= box.bottom + 2);
          })
          .map((text) => text.textContent);
      })(),
      textContrast: Array.from(svg.querySelectorAll('text')).map((text) => contrast(rgb(getComputedStyle(text).fill), backgroundOf(text))),
      lineContrast: lines.map((line) => contrast(rgb(getComputedStyle(line).stroke), pageBackground)),
      stroke: plainLine ? getComputedStyle(plainLine).stroke : '',
    };
  });
})()`;

function readFigures(page: Page): Promise<FigureReport[]> {
  return page.evaluate(READ_FIGURES) as Promise<FigureReport[]>;
}

const lineColours: Partial<Record<'light' | 'dark', string>> = {};

describe('diagrams', () => {
  test('the diagram pages are known routes, and every page issue 19 asked a diagram for keeps it', () => {
    // The pages the diagrams were drawn for, and how many each shows: a diagram deleted or moved fails here.
    const expected = {
      '/docs/architecture/how-tower-works': 1,
      '/docs/architecture/data-plane': 1,
      '/docs/architecture/networking': 2,
      '/docs/architecture/security': 1,
      '/docs/concepts/runs': 1,
      '/docs/concepts/environments': 1,
      '/docs/using-tower/orchestrate': 2,
    };
    for (const [route, count] of Object.entries(expected)) {
      assert.equal(DIAGRAM_PAGES.find((page) => page.route === route)?.count ?? 0, count, `diagrams on ${route}`);
    }
    const routes = new Set(DOC_ROUTES.map((r) => r.path));
    for (const {route} of DIAGRAM_PAGES) assert.ok(routes.has(route), route);
  });

  test('each diagram is inline SVG in the page HTML, with no request of its own', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    for (const {route, count} of DIAGRAM_PAGES) {
      const html = await (await fetch(`${site.base}${route}`)).text();
      assert.equal(figuresWithSvg(html), count, route);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await goto(page, `${site.base}${route}`);
      page.removeAllListeners('request');
      assert.deepEqual(
        requests.filter((url) => /\.svg(\?|$)/.test(url) && !/\/img\//.test(url)),
        [],
        route,
      );
      assert.equal(await page.locator(`figure.${FIGURE_CLASS} svg`).count(), count, `${route} after hydration`);
    }
    await context.close();
  });

  test('a client-side navigation to a diagram page draws its diagrams too', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const target = DIAGRAM_PAGES.find((p) => p.route === '/docs/concepts/runs');
    assert.ok(target, 'the Runs page has a diagram');
    // Apps links to Runs in its text; the router follows such links without loading a page.
    await goto(page, `${site.base}/docs/concepts/apps`);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.locator(`article a[href="${target.route}"]`).first().click();
    await page.waitForURL(`**${target.route}`);
    await page.locator(`figure.${FIGURE_CLASS} svg`).first().waitFor();
    assert.equal(await page.locator(`figure.${FIGURE_CLASS} svg`).count(), target.count);
    assert.deepEqual(loads, [], 'the navigation was client-side');
    await context.close();
  });

  for (const look of LOOKS) {
    test(`${look.device}, ${look.theme}: named for screen readers, fitting the column, legible, no axe violation`, async () => {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      const problems: string[] = [];
      const strokes = new Set<string>();
      for (const {route} of DIAGRAM_PAGES) {
        await goto(page, `${site.base}${route}`);
        assert.equal(await page.locator('html').getAttribute('data-theme'), look.theme);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) problems.push(`${route}: the page scrolls sideways by ${overflow} px`);
        for (const figure of await readFigures(page)) {
          const where = `${route} "${figure.label.slice(0, 40)}"`;
          if (figure.role !== 'img') problems.push(`${where}: role ${figure.role}`);
          if (figure.labelledBy.join(',') !== 'title,desc') problems.push(`${where}: labelled by ${figure.labelledBy.join(',')}`);
          if (!figure.title || !figure.description || figure.caption !== `${titleSentence(figure.title)} ${figure.description}`) {
            problems.push(`${where}: caption "${figure.caption}" does not match its title and description`);
          }
          if (figure.frameWidth > figure.figureWidth + 0.5) problems.push(`${where}: a ${figure.frameWidth} px frame in a ${figure.figureWidth} px column`);
          if (figure.smallestText < 11.95) problems.push(`${where}: text drawn at ${figure.smallestText.toFixed(1)} px`);
          for (const label of figure.labelsOnLines) problems.push(`${where}: the edge label "${label}" touches a line`);
          figure.textContrast.forEach((ratio, i) => ratio < 4.5 && problems.push(`${where}: label ${i} contrast ${ratio}`));
          figure.lineContrast.forEach((ratio, i) => ratio < 3 && problems.push(`${where}: line ${i} contrast ${ratio}`));
          if (figure.stroke) strokes.add(figure.stroke);
        }
        for (const violation of await axeViolations(page)) problems.push(`${route}: ${violation}`);
      }
      assert.deepEqual(problems, []);
      // One line colour per mode, taken from the theme (light and dark are compared below).
      assert.equal(strokes.size, 1, [...strokes].join(' '));
      lineColours[look.theme] = [...strokes][0];
      await context.close();
    });
  }

  test('lines change colour with the colour mode', () => {
    assert.ok(lineColours.light && lineColours.dark);
    assert.notEqual(lineColours.light, lineColours.dark);
  });
});
