/**
 * Graphviz DOT to inline SVG, at build time, with the WebAssembly build of
 * Graphviz in @viz-js/viz. Nothing of Graphviz reaches the browser: the page
 * receives finished SVG markup.
 *
 * Graphviz's SVG is then reshaped for a docs page:
 * - colours follow the site's colour mode: lines and text use `currentColor`,
 *   fills come from CSS classes (diagrams.css) that read custom properties, and
 *   a fixed colour in the source is an error;
 * - it carries its text alternative (`role="img"`, `<title>` and `<desc>`
 *   named by `aria-labelledby`), and loses Graphviz's per-shape `<title>`
 *   tooltips and `id`s, which would repeat on a page with two diagrams;
 * - it scales: a `viewBox` and the natural size in pixels, so CSS can shrink it
 *   to a phone's width and never enlarge it, but no further than keeps its
 *   smallest text at MIN_TEXT_PX (`min-width`): a wider diagram scrolls on a
 *   phone rather than shrinking past legibility;
 * - edge labels keep a gap from their line: Graphviz sets a label's box against
 *   the edge, so each line of an edge label is padded with spaces before layout
 *   (a DOT source is read by Graphviz itself, in its canonical form, to find
 *   them), and the spaces are taken out of the drawn text again; the lines of a
 *   cluster label set to one side (`labeljust`) are set to that side too;
 * - it is meant for HTML only, where the parser supplies the SVG namespace and
 *   diagrams.css the page's font, so neither is repeated in every diagram;
 * - links and images are refused, so a diagram never makes a request.
 */
import {instance, type Viz} from '@viz-js/viz';
import {DomUtils, parseDocument} from 'htmlparser2';
import {escapeHtml} from '../../lib/html';

type SvgElement = ReturnType<typeof DomUtils.findAll>[number];

/** A diagram that Graphviz cannot render, or renders into something a docs page must not carry. */
export class DiagramError extends Error {
  constructor(
    message: string,
    /** Line of the DOT source the problem is on (1 = first line inside the fence), when Graphviz says. */
    readonly sourceLine?: number,
  ) {
    super(message);
  }
}

/**
 * Graphviz sizes boxes with the metrics of a font it knows. DejaVu Sans is
 * among the widest sans-serif faces, so labels drawn in the site's own font
 * (diagrams.css; narrower on macOS, Windows and Android, the same face on most
 * Linux desktops) always fit their boxes.
 */
const LAYOUT_FONT = 'DejaVu Sans';
const FONT_SIZE = 14;
const EDGE_FONT_SIZE = FONT_SIZE - 1;
/** The smallest a diagram's text may be drawn, in CSS pixels: the svg's min-width keeps it there. */
export const MIN_TEXT_PX = 12;
/**
 * What stands between an edge label's text and its line: three spaces at each end of each line.
 * Graphviz counts them into the label's box, and its estimate of text widths (it has no font files
 * here) runs a little under DejaVu's real ones, so a smaller pad left labels almost on the line.
 */
const LABEL_PAD = '   ';

/** Defaults every diagram starts from; a source can override any of them. */
const DEFAULTS = {
  graphAttributes: {fontname: LAYOUT_FONT, fontsize: FONT_SIZE, pad: 0.1, nodesep: 0.3, ranksep: 0.4},
  nodeAttributes: {fontname: LAYOUT_FONT, fontsize: FONT_SIZE, shape: 'box', margin: '0.14,0.06'},
  edgeAttributes: {fontname: LAYOUT_FONT, fontsize: EDGE_FONT_SIZE, arrowsize: 0.7},
};

/**
 * Classes a node, cluster or edge may carry (`class="tower"`). Each one is a
 * fill in diagrams.css with a light and a dark value; colour only decorates,
 * the labels carry the meaning.
 */
export const DIAGRAM_CLASSES = ['you', 'tower', 'runner', 'external', 'good', 'bad', 'muted'] as const;

let vizInstance: Promise<Viz> | undefined;
/** One Graphviz instance per process: loading the WebAssembly module is the slow part. */
function graphviz(): Promise<Viz> {
  vizInstance ??= instance();
  return vizInstance;
}

const BLACK = new Set(['black', '#000000', '#000']);
const NO_PAINT = new Set(['none', 'transparent']);

/** Corner radius of node boxes and cluster frames (Graphviz's rounded style draws long paths instead). */
const NODE_RADIUS = 5;
const CLUSTER_RADIUS = 8;

/**
 * Rounds every decimal number in an attribute value: to whole pixels (half a
 * pixel is invisible and the markup shrinks by a fifth), or to tenths where a
 * shape is only a few pixels wide (arrowheads).
 */
function roundNumbers(value: string, decimals = 0): string {
  const scale = 10 ** decimals;
  return value.replace(/-?\d+\.\d+/g, (number) => String(Math.round(Number(number) * scale) / scale));
}

function fail(message: string): never {
  throw new DiagramError(message);
}

/** Rewrites one paint attribute (`fill` or `stroke`) so it follows the colour mode. */
function repaint(element: SvgElement, name: 'fill' | 'stroke'): void {
  const value = element.attribs[name];
  if (value === undefined) return;
  const colour = value.toLowerCase();
  if (NO_PAINT.has(colour)) element.attribs[name] = 'none';
  // The root's fill is currentColor, so a black fill is simply inherited.
  else if (BLACK.has(colour)) {
    if (name === 'fill') delete element.attribs[name];
    else element.attribs[name] = 'currentColor';
  } else {
    fail(
      `the diagram paints with the fixed colour "${value}", which cannot follow light and dark mode: ` +
        `remove color/fillcolor/fontcolor and give the node a class instead (${DIAGRAM_CLASSES.join(', ')})`,
    );
  }
}

/**
 * Turns an axis-aligned rectangle drawn as a polygon (a box node, a cluster
 * frame) into a <rect> with rounded corners: shorter markup, softer look.
 */
function polygonToRect(element: SvgElement): void {
  const kind = (element.parent as SvgElement | null)?.attribs?.class?.split(/\s+/)[0];
  if (element.name !== 'polygon' || (kind !== 'node' && kind !== 'cluster')) return;
  const numbers = (element.attribs.points ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  const corners = new Set(xs.map((x, i) => `${x},${ys[i]}`));
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const isRectangle = numbers.length >= 8 && corners.size === 4 && xs.every((x) => x === left || x === right) && ys.every((y) => y === top || y === bottom);
  if (!isRectangle) return;
  const {points: _points, ...rest} = element.attribs;
  element.name = 'rect';
  element.attribs = {
    ...rest,
    x: String(left),
    y: String(top),
    width: String(right - left),
    height: String(bottom - top),
    rx: String(kind === 'node' ? NODE_RADIUS : CLUSTER_RADIUS),
  };
}

function checkClasses(element: SvgElement): void {
  const classes = (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
  for (const name of classes) {
    if (['graph', 'node', 'edge', 'cluster'].includes(name)) continue;
    if (!(DIAGRAM_CLASSES as readonly string[]).includes(name)) {
      fail(`unknown diagram class "${name}": use one of ${DIAGRAM_CLASSES.join(', ')} (styled in plugins/diagrams/diagrams.css)`);
    }
  }
}

/**
 * Turns Graphviz's SVG document into the element the page embeds. `id` is the
 * prefix for the ids of `<title>` and `<desc>`, unique on the page.
 */
function reshapeSvg(svgText: string, options: {id: string; title: string; description: string}): string {
  const document = parseDocument(svgText, {xmlMode: true});
  const svg = DomUtils.findOne((element) => element.name === 'svg', document.children, false);
  if (!svg) fail('Graphviz produced no <svg> element');

  for (const element of DomUtils.findAll(() => true, svg.children)) {
    if (element.name === 'a' || element.name === 'image' || element.attribs['xlink:href'] || element.attribs.href) {
      fail('the diagram contains a link or an image (URL, href or image attribute); diagrams are drawings only');
    }
  }
  // Graphviz's own <title> per shape (a tooltip repeating the node's name) and its comments.
  for (const title of DomUtils.findAll((element) => element.name === 'title', svg.children)) DomUtils.removeElement(title);
  for (const node of DomUtils.filter((node) => node.type === 'comment', svg.children, true)) DomUtils.removeElement(node);

  const graph = DomUtils.findOne((element) => element.name === 'g', svg.children, false);
  if (graph) {
    // The page's own background shows through instead of Graphviz's white sheet.
    const sheet = graph.children.find(DomUtils.isTag);
    if (sheet?.name === 'polygon' && /^(white|#ffffff|transparent|none)$/i.test(sheet.attribs.fill ?? '')) DomUtils.removeElement(sheet);
    const translate = /translate\(([^)]*)\)/.exec(graph.attribs.transform ?? '');
    if (translate) graph.attribs.transform = `translate(${roundNumbers(translate[1])})`;
  }

  for (const element of DomUtils.findAll(() => true, svg.children)) {
    checkClasses(element);
    delete element.attribs.id;
    delete element.attribs['xml:space'];
    repaint(element, 'fill');
    repaint(element, 'stroke');
    // No stroke is SVG's default, and the root sets what text inherits.
    if (element.attribs.stroke === 'none') delete element.attribs.stroke;
    if (element.name === 'text') {
      // The padding of a centred edge label did its work in the layout; the text itself goes without it.
      const anchor = element.attribs['text-anchor'] ?? 'middle';
      if (anchor === 'middle' && (element.parent as SvgElement | null)?.attribs?.class?.startsWith('edge')) {
        for (const child of element.children) if (child.type === 'text') child.data = child.data.trim();
      }
      delete element.attribs['font-family'];
      if (Number(element.attribs['font-size']) === FONT_SIZE) delete element.attribs['font-size'];
      if (element.attribs['text-anchor'] === 'middle') delete element.attribs['text-anchor'];
    }
    polygonToRect(element);
    const isArrowhead = element.name === 'polygon' && (element.parent as SvgElement | null)?.attribs?.class?.startsWith('edge');
    for (const name of ['points', 'd', 'x', 'y', 'font-size', 'stroke-width', 'rx', 'ry', 'cx', 'cy', 'width', 'height']) {
      const fine = isArrowhead || name === 'font-size' || name === 'stroke-width';
      if (element.attribs[name] !== undefined) element.attribs[name] = roundNumbers(element.attribs[name], fine ? 1 : 0);
    }
  }

  const viewBox = (svg.attribs.viewBox ?? '').split(/[\s,]+/).map(Number);
  if (viewBox.length !== 4 || viewBox.some((n) => !Number.isFinite(n))) fail('Graphviz produced an SVG without a viewBox');
  const [, , width, height] = viewBox.map((n) => Math.ceil(n));
  const titleId = `${options.id}-title`;
  const descId = `${options.id}-desc`;
  svg.attribs = {
    viewBox: `0 0 ${width} ${height}`,
    width: String(width),
    height: String(height),
    role: 'img',
    'aria-labelledby': `${titleId} ${descId}`,
    fill: 'currentColor',
    'text-anchor': 'middle',
    'font-size': String(FONT_SIZE),
    // Never narrower than keeps the edge labels (the smallest text) at MIN_TEXT_PX.
    style: `min-width:${Math.min(width, Math.ceil((width * MIN_TEXT_PX) / EDGE_FONT_SIZE))}px`,
  };
  const body = DomUtils.getInnerHTML(svg, {xmlMode: true, encodeEntities: 'utf8'}).replace(/>\s+</g, '><').trim();
  const attributes = Object.entries(svg.attribs)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  return (
    `<svg ${attributes}><title id="${titleId}">${escapeHtml(options.title)}</title>` +
    `<desc id="${descId}">${escapeHtml(options.description)}</desc>${body}</svg>`
  );
}

/** The line a Graphviz message points at ("syntax error in line 3 near '->'"). */
function lineOf(message: string): number | undefined {
  const match = /\bline (\d+)\b/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/**
 * Renders a DOT source to the SVG element a page embeds. Any Graphviz error
 * or warning (a syntax error, an unknown colour or shape) is a DiagramError:
 * a warning means the picture is not the one the source describes.
 */
export async function renderDiagram(source: string, options: {id: string; title: string; description: string}): Promise<string> {
  const viz = await graphviz();
  const failOn = (result: ReturnType<Viz['render']>) => {
    const problems = result.errors.map((error) => error.message.replace(/^(Error|Warning):\s*/, '').trim());
    if (result.status !== 'success' || problems.length > 0) {
      const message = problems.join('; ') || 'Graphviz could not render the source';
      throw new DiagramError(
        message,
        problems.map(lineOf).find((line) => line !== undefined),
      );
    }
    return result.output;
  };
  // Graphviz reads the author's source first (its errors name the author's lines), then draws the padded one.
  const canonical = failOn(viz.render(source, {format: 'canon', ...DEFAULTS}));
  return reshapeSvg(failOn(viz.render(padEdgeLabels(canonical), {format: 'svg', ...DEFAULTS})), options);
}

/**
 * The statements of a DOT source in Graphviz's canonical form (one statement per `;`), with each
 * line of every edge label padded by LABEL_PAD at both ends. Quoted strings are read as a whole,
 * so a `;` or `->` inside a label is not mistaken for syntax.
 */
export function padEdgeLabels(canonical: string): string {
  const statements: string[] = [];
  let start = 0;
  for (let i = 0; i < canonical.length; i++) {
    const c = canonical[i];
    if (c === '"') {
      for (i++; i < canonical.length && canonical[i] !== '"'; i++) if (canonical[i] === '\\') i++;
    } else if (c === ';' || c === '{' || c === '}') {
      statements.push(canonical.slice(start, i + 1));
      start = i + 1;
    }
  }
  statements.push(canonical.slice(start));
  const pad = (text: string) =>
    text
      .split(/(\\[nlr])/)
      .map((part, index) => (index % 2 === 1 || part === '' ? part : `${LABEL_PAD}${part}${LABEL_PAD}`))
      .join('');
  const labelOf = /(\blabel=)(?:"((?:[^"\\]|\\.)*)"|([\w.]+))/;
  return statements
    .map((statement) => {
      const head = statement.split('[')[0];
      if (/\s-[->]\s/.test(head)) {
        return statement.replace(labelOf, (_all, key: string, quoted?: string, bare?: string) => `${key}"${pad(quoted ?? bare ?? '')}"`);
      }
      // A cluster label set to one side: its lines too (`\n` centres a line, `\l` and `\r` set it to a side).
      const side = /\blabeljust="?([lr])"?/.exec(statement)?.[1];
      if (side && /^\s*graph\s*\[/.test(statement)) {
        return statement.replace(labelOf, (_all, key: string, quoted?: string, bare?: string) => {
          const text = (quoted ?? bare ?? '').replace(/\\n/g, `\\${side}`);
          return `${key}"${/\\[nlr]$/.test(text) ? text : `${text}\\${side}`}"`;
        });
      }
      return statement;
    })
    .join('');
}
