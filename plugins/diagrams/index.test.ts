import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, test} from 'node:test';
import {createElement} from 'react';
import * as runtime from 'react/jsx-runtime';
import {Parser} from 'htmlparser2';
import {cleanMarkdown} from '../llms-txt/markdown';
import {extractPage} from '../search-index/extract-html';
import {extractMarkdown} from '../search-index/extract-markdown';
import {DIAGRAM_STYLESHEET} from './index';
import {parseDiagramMeta} from './fence';
import {DIAGRAM_CLASSES, DiagramError, MIN_TEXT_PX, padEdgeLabels, renderDiagram} from './render';
import remarkDiagrams, {DiagramBuildError, FIGURE_CLASS, FRAME_CLASS, renderDiagramFences, type MdastNode} from './remark';

// react-dom ships no types of its own; this is the one function used here.
const {renderToStaticMarkup} = createRequire(import.meta.url)('react-dom/server') as {renderToStaticMarkup: (element: unknown) => string};

const FENCE = '```';
const STATES = 'digraph {\n  queued -> running [label="picked up"]\n  running -> done\n  done [class="good"]\n}';
const META = {id: 'diagram-test', title: 'Test flow', description: 'Queued work runs, then it is done.'};

/** Every element of an SVG/HTML string as [name, attributes], in document order. */
function elements(markup: string): Array<[string, Record<string, string>]> {
  const found: Array<[string, Record<string, string>]> = [];
  new Parser({onopentag: (name, attributes) => found.push([name, attributes])}, {xmlMode: true}).end(markup);
  return found;
}

/** A page's Markdown compiled by MDX with the plugin (as the docs preset does), rendered by React on the server. */
async function renderPage(markdown: string, path = '/site/docs/page.md'): Promise<string> {
  const {evaluate} = await import('@mdx-js/mdx');
  const page = await evaluate({value: markdown, path}, {...runtime, format: 'md', remarkPlugins: [remarkDiagrams]} as never);
  return renderToStaticMarkup(createElement(page.default));
}

describe('renderDiagram', () => {
  test('draws the nodes and edge labels of the source as SVG text', async () => {
    const svg = await renderDiagram(STATES, META);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    assert.deepEqual(texts.sort(), ['done', 'picked up', 'queued', 'running']);
    assert.match(svg, /^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  });

  test('carries its text alternative: role="img", labelled by its own <title> and <desc>', async () => {
    const svg = await renderDiagram(STATES, META);
    const [root, title, desc] = elements(svg);
    assert.equal(root[0], 'svg');
    assert.equal(root[1].role, 'img');
    assert.equal(root[1]['aria-labelledby'], 'diagram-test-title diagram-test-desc');
    assert.deepEqual([title[0], title[1].id], ['title', 'diagram-test-title']);
    assert.deepEqual([desc[0], desc[1].id], ['desc', 'diagram-test-desc']);
    assert.match(svg, /<title id="diagram-test-title">Test flow<\/title><desc id="diagram-test-desc">Queued work runs, then it is done\.<\/desc>/);
    // Graphviz's own tooltips and ids are gone: one <title>, two ids, however many shapes.
    assert.equal(elements(svg).filter(([name]) => name === 'title').length, 1);
    assert.deepEqual(
      elements(svg).flatMap(([, a]) => (a.id ? [a.id] : [])),
      ['diagram-test-title', 'diagram-test-desc'],
    );
  });

  test('uses no fixed colour: lines and text follow currentColor, fills come from classes', async () => {
    const svg = await renderDiagram(STATES, META);
    const paints = elements(svg).flatMap(([, a]) => [a.fill, a.stroke].filter((v): v is string => v !== undefined));
    assert.ok(paints.length > 0);
    for (const paint of paints) assert.ok(['currentColor', 'none'].includes(paint), paint);
    assert.doesNotMatch(svg.replace(/^<svg [^>]*>/, ''), /#[0-9a-f]{3,6}\b|black|white|style=/i);
    assert.match(svg, /^<svg [^>]*style="min-width:\d+px"/, 'the one style: how far the drawing may shrink');
    assert.ok(elements(svg).some(([name, a]) => name === 'g' && a.class === 'node good'));
  });

  test('every diagram class has a light and a dark fill in the stylesheet, read through custom properties', () => {
    const css = readFileSync(DIAGRAM_STYLESHEET, 'utf8');
    const [light, dark] = [/:root \{([^}]*)\}/.exec(css)![1], /\[data-theme='dark'\] \{([^}]*)\}/.exec(css)![1]];
    for (const name of DIAGRAM_CLASSES) {
      const property = `--tower-diagram-${name}`;
      assert.match(light, new RegExp(`${property}: #[0-9a-f]{6};`), `${name} light`);
      assert.match(dark, new RegExp(`${property}: #[0-9a-f]{6};`), `${name} dark`);
      assert.notEqual(new RegExp(`${property}: (#[0-9a-f]{6})`).exec(light)![1], new RegExp(`${property}: (#[0-9a-f]{6})`).exec(dark)![1]);
      assert.ok(css.includes(`var(${property})`), `${name} is used`);
    }
  });

  test('edge labels keep a gap from their line, and their text loses the padding that made it', async () => {
    const svg = await renderDiagram('digraph {\n  a -> b [label="a runner\\npicks it up"]\n}', META);
    const line = /<path [^>]*d="M(\d+),/.exec(svg)!;
    const labels = [...svg.matchAll(/<text x="(\d+)"[^>]*font-size="13">([^<]*)<\/text>/g)];
    assert.deepEqual(
      labels.map((m) => m[2]),
      ['a runner', 'picks it up'],
    );
    // Centred text: its left end is half its width (DejaVu Sans at 13 px: about 7.2 px a letter) left of x.
    for (const [, x, text] of labels) assert.ok(Number(x) - (text.length * 7.2) / 2 >= Number(line[1]) + 4, `"${text}" clears the line`);
    assert.equal(
      padEdgeLabels('digraph {\n\ta -> b\t[label="x;y\\nz"];\n\tc\t[label=n];\n}'),
      'digraph {\n\ta -> b\t[label="   x;y   \\n   z   "];\n\tc\t[label=n];\n}',
    );
    assert.equal(
      padEdgeLabels('subgraph cluster_a {\n\t\tgraph [label="AWS\\n(Frankfurt)",\n\t\t\tlabeljust=l];\n}'),
      'subgraph cluster_a {\n\t\tgraph [label="AWS\\l(Frankfurt)\\l",\n\t\t\tlabeljust=l];\n}',
      'a cluster label set to the left has each line to the left',
    );
  });

  test('shrinks no further than keeps its smallest text at 12 px', async () => {
    const svg = await renderDiagram(STATES, META);
    const width = Number(/ width="(\d+)"/.exec(svg)![1]);
    assert.equal(Number(/min-width:(\d+)px/.exec(svg)![1]), Math.ceil((width * MIN_TEXT_PX) / 13));
  });

  test('scales: a viewBox with the natural size in pixels, and boxes as rounded rects', async () => {
    const svg = await renderDiagram(STATES, META);
    const [, root] = elements(svg)[0];
    const [, , width, height] = root.viewBox.split(' ').map(Number);
    assert.equal(root.width, String(width));
    assert.equal(root.height, String(height));
    assert.ok(width < 300 && height > 150, `${width}x${height}`);
    assert.equal(elements(svg).filter(([name, a]) => name === 'rect' && a.rx === '5').length, 3);
  });

  test('fails on a syntax error, with the line of the source Graphviz reports', async () => {
    const error = await renderDiagram('digraph {\n  a -> b\n  b -> \n}', META).catch((e: unknown) => e);
    assert.ok(error instanceof DiagramError);
    assert.equal(error.sourceLine, 4);
    assert.match(error.message, /syntax error/);
  });

  test('fails on what would not follow the colour mode, on warnings, links and unknown classes', async () => {
    await assert.rejects(renderDiagram('digraph { a [style=filled, fillcolor="#ff0000"] }', META), /fixed colour "#ff0000"/);
    await assert.rejects(renderDiagram('digraph { a [color=puce] }', META), /puce is not a known color/);
    await assert.rejects(renderDiagram('digraph { a [URL="https://example.com"] }', META), /link or an image/);
    await assert.rejects(renderDiagram('digraph { a [class="shiny"] }', META), /unknown diagram class "shiny"/);
  });

  test('escapes a hostile title and description', async () => {
    const svg = await renderDiagram('digraph { a }', {id: 'x', title: '<script>alert(1)</script>', description: 'a & "b".'});
    assert.doesNotMatch(svg, /<script/);
    assert.match(svg, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(svg, /a &amp; &quot;b&quot;\./);
  });
});

describe('parseDiagramMeta', () => {
  test('reads the title and description, in either quotes', () => {
    assert.deepEqual(parseDiagramMeta(`title="Runs" description='What moves a run on.'`), {title: 'Runs', description: 'What moves a run on.'});
  });
  test('requires both, and a description that reads as one sentence', () => {
    assert.match((parseDiagramMeta('') as {error: string}).error, /needs a title/);
    assert.match((parseDiagramMeta('title="Runs"') as {error: string}).error, /needs a description/);
    assert.match((parseDiagramMeta('title="Runs" description="no full stop"') as {error: string}).error, /full stop/);
    assert.match((parseDiagramMeta(`title="Runs" description="${'x'.repeat(400)}."`) as {error: string}).error, /one sentence/);
  });
});

describe('the remark plugin in an MDX build', () => {
  const page = ['# Runs', '', 'Some text.', '', `${FENCE}dot title="Test flow" description="Queued work runs, then it is done."`, STATES, FENCE, ''].join('\n');

  test('turns the fence into an inline <figure> with the SVG and a caption, and no code block', async () => {
    const html = await renderPage(page);
    assert.match(
      html,
      new RegExp(
        `<figure class="${FIGURE_CLASS}"><div class="${FRAME_CLASS}" tabindex="0" role="group" aria-labelledby="diagram-1-title"><svg [^>]*role="img"`,
      ),
    );
    assert.match(
      html,
      /<figcaption><details><summary><strong>Test flow\.<\/strong><\/summary> Queued work runs, then it is done\.<\/details><\/figcaption><\/figure>/,
    );
    assert.doesNotMatch(html, /<pre|<code|digraph/);
  });

  test('gives two diagrams on one page distinct ids', async () => {
    const twice = `${page}\n${page.split('\n').slice(4).join('\n')}`;
    const html = await renderPage(twice);
    assert.match(html, /aria-labelledby="diagram-1-title diagram-1-desc"/);
    assert.match(html, /aria-labelledby="diagram-2-title diagram-2-desc"/);
    assert.equal(html.match(/id="diagram-\d-(title|desc)"/g)?.length, 4);
  });

  test('a broken diagram fails the build naming the page and the line', async () => {
    const broken = [
      '---',
      'title: Runs',
      '---',
      '',
      '# Runs',
      '',
      `${FENCE}dot title="Broken" description="It does not parse."`,
      'digraph {',
      '  a -> ',
      '}',
      FENCE,
    ].join('\n');
    // Lines: the fence opens on line 7; Graphviz reports line 3 of the source, the closing brace on line 10.
    await assert.rejects(
      renderPage(broken, `${process.cwd()}/docs/concepts/runs.md`),
      /docs\/concepts\/runs\.md:10: diagram "Broken" does not render: syntax error/,
    );
  });

  test('a fence without a description fails the build at the fence line', async () => {
    const tree: MdastNode = {type: 'root', children: [{type: 'code', lang: 'dot', meta: 'title="X"', value: 'digraph { a }', position: {start: {line: 12}}}]};
    await assert.rejects(
      renderDiagramFences(tree, 'docs/x.md'),
      (error: unknown) => error instanceof DiagramBuildError && /^docs\/x\.md:12: diagram "X" needs a description/.test(error.message),
    );
  });

  test('leaves other code blocks alone', async () => {
    const tree: MdastNode = {type: 'root', children: [{type: 'code', lang: 'python', value: 'print(1)'}]};
    assert.equal(await renderDiagramFences(tree), 0);
    assert.equal(tree.children![0].type, 'code');
  });
});

describe('text that stands in for the picture', () => {
  const source = ['# Runs', '', `${FENCE}dot title="Test flow" description="Queued work runs, then it is done."`, STATES, FENCE, ''].join('\n');

  test('the Markdown twin keeps the title, the description and the DOT source, never SVG', () => {
    const {markdown} = cleanMarkdown(source, {pageUrl: 'https://docs.example.com/docs/runs', siteUrl: 'https://docs.example.com'});
    assert.match(markdown, /Diagram: \*\*Test flow\.\*\* Queued work runs, then it is done\.\n\n```dot\ndigraph \{\n {2}queued -> running/);
    assert.doesNotMatch(markdown, /<svg|title=|description=/);
  });

  test('the search index keeps the caption and none of the SVG text', async () => {
    const html = await renderPage(source);
    const built = `<html lang="en"><body><article><div class="theme-doc-markdown"><h1>Runs</h1>${html.replace(/^<h1>Runs<\/h1>/, '')}</div></article></body></html>`;
    const indexed = extractPage(built, '/docs/runs', 'concept')!
      .sections.map((s) => s.text)
      .join('\n');
    assert.match(indexed, /Test flow\.\s+Queued work runs, then it is done\./);
    assert.doesNotMatch(indexed, /picked up|queued\b(?! work)/i);

    const dev = extractMarkdown(source, {path: '/docs/runs', title: 'Runs', trail: ['Concepts'], kind: 'concept'});
    const devText = dev.sections.map((s) => s.text).join('\n');
    assert.match(devText, /Test flow\. Queued work runs, then it is done\./);
    assert.doesNotMatch(devText, /digraph|picked up/);
  });
});
