/**
 * Where the MCP server cuts a Markdown text (mcp/twin.ts), at the character:
 * which line a part ends before (headings, then paragraph breaks, then any
 * line, never inside code when something else is in reach), what a part that
 * cuts a code block adds, how a chunk or an opening fills its budget, and
 * which full stops end a sentence. tests/unit/mcp.test.ts covers the same
 * class on a realistic page; these cases sit on the boundaries.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {MarkdownText} from '../../mcp/twin';

/** Where each part of the whole text starts, cut at `max` characters. */
const cuts = (lines: string[], max: number) =>
  new MarkdownText(lines.join('\n'))
    .parts(0, lines.join('\n').length, max)
    .map((part) => part.start)
    .slice(1);

describe('parts: where a long text is cut', () => {
  test('after a paragraph break rather than any line, in the second half of the reach', () => {
    // Starts: 0, 30, 60 (blank), 61, 81, 91; a part holds at most 100.
    assert.deepEqual(cuts(['a'.repeat(29), 'b'.repeat(29), '', 'c'.repeat(19), 'd'.repeat(9), 'e'.repeat(30), 'f'.repeat(30)], 100)[0], 61);
  });

  test('at the latest of equally good places', () => {
    // Paragraphs start at 61 and 72.
    assert.deepEqual(cuts(['a'.repeat(59), '', 'b'.repeat(9), '', 'c'.repeat(9), 'd'.repeat(50)], 100)[0], 72);
  });

  test('at a heading, a higher one before a lower one; a heading in the first half loses to a break in the second', () => {
    // "## Two" at 56, "### Three" at 69.
    assert.deepEqual(cuts(['a'.repeat(55), '## Two', 'x'.repeat(5), '### Three', 'y'.repeat(50)], 100)[0], 56);
    // "## H" at 21 (first half), a paragraph at 77.
    assert.deepEqual(cuts(['a'.repeat(20), '## H', 'b'.repeat(49), '', 'c'.repeat(10), 'd'.repeat(50)], 100)[0], 77);
  });

  test('before a code block rather than inside it', () => {
    // The fence opens at 56; its lines follow up to past the reach.
    assert.deepEqual(cuts(['a'.repeat(55), '```bash', ...Array.from({length: 12}, (_, i) => `echo ${i}`), '```'], 100)[0], 56);
  });

  test('a text of exactly the maximum is one part; one character more is two', () => {
    assert.deepEqual(
      new MarkdownText('x'.repeat(100)).parts(0, 100, 100).map((part) => [part.start, part.end]),
      [[0, 100]],
    );
    assert.equal(new MarkdownText('x'.repeat(101)).parts(0, 101, 100).length, 2);
    const lines = new MarkdownText(`${'a'.repeat(49)}\n${'b'.repeat(50)}`);
    assert.equal(lines.parts(0, lines.length, 100).length, 1, 'a text that fits is not cut at a line');
    assert.equal(lines.parts(0, lines.length, 99).length, 2);
    // Only line starts within the reach count: the line at 101 is one too far.
    assert.deepEqual(cuts(['a'.repeat(100), 'b'.repeat(10)], 101), [101]);
    assert.deepEqual(cuts(['a'.repeat(100), 'b'.repeat(10)], 100), [100]);
  });

  test('inside one long line, never between the halves of a surrogate pair', () => {
    // U+10000 is \uD800\uDC00: two code units, the first the lowest high surrogate.
    const wide = new MarkdownText('\u{10000}'.repeat(60));
    const parts = wide.parts(0, wide.length, 51);
    assert.deepEqual(
      parts.map((part) => part.end - part.start),
      [50, 50, 20],
    );
    // No half of a pair is left alone at either end of a part.
    for (const part of parts) assert.doesNotMatch(part.text, /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/, `${part.start}`);
    // Between pairs the cut falls where the maximum says.
    assert.deepEqual(
      wide.parts(0, wide.length, 50).map((part) => part.end - part.start),
      [50, 50, 20],
    );
  });
});

describe('render: a piece that cuts a code block keeps it a code block', () => {
  test('a piece that starts inside a block opens it again, without the indentation of its opening line', () => {
    const text = new MarkdownText(['Intro.', '  ```python', 'a = 1', 'b = 2', '  ```', ''].join('\n'));
    const from = text.text.indexOf('b = 2');
    assert.equal(text.render(from, text.length), '```python\nb = 2\n  ```\n');
  });

  test('a piece that ends inside a block closes it, on a line of its own, with the same fence', () => {
    const text = new MarkdownText(['~~~~yaml', 'a: 1', 'b: 2', '~~~~', 'After.'].join('\n'));
    assert.equal(text.render(0, text.text.indexOf('b: 2')), '~~~~yaml\na: 1\n~~~~\n');
    // Cut inside a line of the block: the fence still goes on a line of its own.
    assert.equal(text.render(0, text.text.indexOf(': 2')), '~~~~yaml\na: 1\nb\n~~~~\n');
  });

  test('a block the text never closes is left as it is at the end of the text', () => {
    const text = new MarkdownText('```bash\ntower deploy\n');
    assert.equal(text.render(0, text.length), '```bash\ntower deploy\n');
  });

  test('fences close only with the same character, at least as long, indented or quoted', () => {
    const text = new MarkdownText(
      ['````md', '```', '## Not a heading', '````', '~~~', '## Not either', '  ~~~', '> ```', '> code', '> ```', '## Heading'].join('\n'),
    );
    assert.deepEqual(
      text.headings.map((heading) => heading.text),
      ['Heading'],
    );
    // A line of backticks with a backtick in its info string is not a fence.
    assert.deepEqual(
      new MarkdownText('``` a`b\n## Real').headings.map((heading) => heading.text),
      ['Real'],
    );
  });
});

describe('blocks, chunks and openings at their budgets', () => {
  test("a code block's language is the first word of its info string, in lower case", () => {
    const text = new MarkdownText(['```Python title="main.py"', 'print(1)', '```', '', '```js{1,3}', 'x()', '```', '', '~~~', 'plain', '~~~'].join('\n'));
    assert.deepEqual(
      text.blocks(0, text.length).map((block) => [block.kind, block.language]),
      [
        ['code', 'python'],
        ['code', 'js'],
        ['code', ''],
      ],
    );
  });

  test('a chunk takes a block that fits to the character, and not one character more', () => {
    const text = new MarkdownText(`${'a'.repeat(10)}\n\n${'b'.repeat(10)}`);
    // Each block costs its length and two for the blank line.
    assert.deepEqual(text.chunk(0, text.length, 24), {text: `${'a'.repeat(10)}\n\n${'b'.repeat(10)}`, rest: 0});
    assert.deepEqual(text.chunk(0, text.length, 23), {text: 'a'.repeat(10), rest: 10});
  });

  test('a paragraph that does not fit is cut after a sentence only with more than 80 characters of room', () => {
    const paragraph = 'One short sentence here. Another sentence follows it now. And a third one that is long enough to pass the budget.';
    const text = new MarkdownText(`x\n\n${paragraph}`);
    // "x" costs 3, the cut paragraph's blank line 2: 85 leaves 80 characters of room, 86 leaves 81.
    assert.deepEqual(text.chunk(0, text.length, 85), {text: 'x', rest: paragraph.length});
    const cut = text.chunk(0, text.length, 86);
    assert.equal(cut.text, 'x\n\nOne short sentence here. Another sentence follows it now.');
    assert.equal(cut.rest, paragraph.length - 'One short sentence here. Another sentence follows it now.'.length);
  });

  test('a code block or table that does not fit is named only when nothing but headings came before it', () => {
    const code = `\`\`\`bash\n${'tower apps list\n'.repeat(20)}\`\`\``;
    assert.equal(new MarkdownText(`## Setup\n\n${code}`).chunk(0, 1000, 100).text, '## Setup\n\n[A bash block of 22 lines follows here.]');
    assert.equal(new MarkdownText(`Intro.\n\n${code}`).chunk(0, 1000, 100).text, 'Intro.');
    const table = `| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(20)}`;
    assert.equal(new MarkdownText(`## Flags\n\n${table}`).chunk(0, 1000, 100).text, '## Flags\n\n[A table of 22 lines follows here.]');
    // A table is never cut after a "sentence", even with room to spare.
    const wide = `| Sentence one. | Two. |\n|---|---|\n${'| Long cell text here. | More. |\n'.repeat(10)}`;
    assert.equal(new MarkdownText(`Intro.\n\n${wide}`).chunk(0, 1000, 200).text, 'Intro.');
  });

  test('with `enough`, a chunk stops at the first subheading once it holds that many characters, not before', () => {
    const text = new MarkdownText('## A\n\n0123456789\n\n### B\n\nMore.');
    // "## A" and its paragraph cost 6 + 12 = 18.
    assert.equal(text.chunk(0, text.length, 1000, 18).text, '## A\n\n0123456789');
    assert.equal(text.chunk(0, text.length, 1000, 19).text, text.text);
  });

  test('an opening: a code block of exactly the maximum comes whole, one character longer is named', () => {
    const block = '```\n12345\n```';
    const text = new MarkdownText(`${block}\n\nAfter.`);
    assert.deepEqual(text.opening(0, text.length, block.length), {text: block, rest: text.length - block.length});
    assert.deepEqual(text.opening(0, text.length, block.length - 1), {text: '[A code block of 3 lines follows here.]', rest: text.length});
  });

  test('an opening: a paragraph of exactly the maximum comes whole, on one line; past it, whole sentences or words', () => {
    const text = new MarkdownText('## Title\n\nFirst part\nof it. Second part.\n\nNext.');
    const start = text.text.indexOf('First');
    const paragraphEnd = text.text.indexOf('\n\nNext');
    assert.deepEqual(text.opening(0, text.length, 'First part of it. Second part.'.length), {
      text: 'First part of it. Second part.',
      rest: text.length - paragraphEnd,
    });
    assert.deepEqual(text.opening(0, text.length, 'First part of it. Second part.'.length - 1), {
      text: 'First part of it.',
      rest: text.length - (start + 'First part\nof it.'.length),
    });
    // No sentence fits: cut after the last whole word in reach, never inside `code`.
    const code = new MarkdownText('Call `tower apps list --json` to list them all.');
    assert.deepEqual(code.opening(0, code.length, 20), {text: 'Call…', rest: code.length - 4});
    const words = new MarkdownText('Every app runs in its own container');
    assert.deepEqual(words.opening(0, words.length, 16), {text: 'Every app runs…', rest: words.length - 14});
    for (let max = 7; max < words.length; max++) {
      const {text} = words.opening(0, words.length, max);
      assert.ok(text.length <= max && text.endsWith('…') && words.text.startsWith(`${text.slice(0, -1)} `), `${max}: ${text}`);
    }
    assert.deepEqual(new MarkdownText('Unbroken'.repeat(4)).opening(0, 32, 10), {text: '', rest: 32});
  });

  test('a full stop after e.g., i.e., etc. or vs. ends no sentence; one at the end of the text does', () => {
    const cut = (paragraph: string, budget: number) => new MarkdownText(`x\n\n${paragraph}`).chunk(0, paragraph.length + 3, budget).text.slice(3);
    assert.equal(
      cut(`Apps, e.g. this one, run. ${'Padding words go on. '.repeat(8)}`, 110),
      `Apps, e.g. this one, run. ${'Padding words go on. '.repeat(3).trim()}`,
    );
    assert.equal(cut(`Use vs. code, i.e. an editor, etc. and then more. ${'z'.repeat(200)}`, 100), 'Use vs. code, i.e. an editor, etc. and then more.');
  });

  test("a heading's body starts on the next line, or at the end of a text that stops at the heading", () => {
    const text = new MarkdownText('# Title\nBody.\n## Last');
    assert.equal(text.bodyStart(text.headings[0]), '# Title\n'.length);
    assert.equal(text.bodyStart(text.headings[1]), text.length);
  });
});
