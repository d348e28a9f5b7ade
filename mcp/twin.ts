/**
 * A Markdown text as the MCP server cuts it: a page's twin into its sections
 * (each heading with the anchor the site gives it), any long text into parts
 * that fit one answer, and a section into a chunk that fits a search result.
 *
 * Texts are scanned line by line with the twin writer's fence rules
 * (plugins/llms-txt/markdown.ts: ``` or ~~~, closed by a fence of the same
 * character at least as long); a heading is an ATX heading outside fences.
 * Every cut falls on a line start, outside fenced code when one is in reach,
 * so no part or chunk ends inside a code block that it does not close itself.
 */

type Line = {
  start: number;
  end: number;
  /** Inside a fenced block, its opening and closing lines included. */
  fenced: boolean;
  /** The line that opens the fenced block this line is in (for reopening a block cut in two). */
  opener: number | null;
  heading: {level: number; text: string} | null;
  blank: boolean;
};

export type Heading = {level: number; text: string; line: number; start: number; anchor: string | null};

/** A heading and what stands under it, up to the next heading of the same or a higher level. */
export type Section = {heading: Heading; start: number; end: number; trail: string[]};

/** A piece of a text: characters [start, end), rendered with any fence it cuts through closed or reopened. */
export type Part = {start: number; end: number; text: string};

/** A paragraph that introduces the block after it: it ends with a colon, or it is one bold line standing for a heading. */
const INTRODUCES = /(:\s*$)|(^\*\*[^*\n]+\*\*:?\s*$)/;
const FENCE_OPEN = /^[\s>]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^[\s>]*(`{3,}|~{3,})\s*$/;

/** The text of a Markdown heading as the page shows it: code spans, links, emphasis and escapes undone. */
export function headingText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function scan(text: string): Line[] {
  const lines: Line[] = [];
  let fence: {char: string; length: number; opener: number} | null = null;
  let start = 0;
  for (const raw of text.split('\n')) {
    const end = start + raw.length;
    const index = lines.length;
    if (fence) {
      const close = FENCE_CLOSE.exec(raw);
      lines.push({start, end, fenced: true, opener: fence.opener, heading: null, blank: false});
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
    } else {
      const open = FENCE_OPEN.exec(raw);
      if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
        fence = {char: open[1][0], length: open[1].length, opener: index};
        lines.push({start, end, fenced: true, opener: index, heading: null, blank: false});
      } else {
        const heading = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(raw);
        lines.push({
          start,
          end,
          fenced: false,
          opener: null,
          heading: heading ? {level: heading[1].length, text: headingText(heading[2])} : null,
          blank: raw.trim() === '',
        });
      }
    }
    start = end + 1;
  }
  return lines;
}

/** A Markdown text, scanned once: its lines, headings and the sections they open. */
export class MarkdownText {
  private readonly lines: Line[];
  readonly headings: Heading[];

  /**
   * `sections` are the page's sections as the search index knows them (heading
   * text and anchor, in page order): each gives its anchor to the twin heading
   * of the same text, the first one after the previous match.
   */
  constructor(
    readonly text: string,
    sections: Array<{heading: string; anchor: string | null}> = [],
  ) {
    this.lines = scan(text);
    this.headings = this.lines.flatMap((line, index) =>
      line.heading ? [{...line.heading, line: index, start: line.start, anchor: null as string | null}] : [],
    );
    let from = 0;
    for (const section of sections) {
      if (!section.anchor) continue;
      const found = this.headings.findIndex((heading, index) => index >= from && heading.text === section.heading);
      if (found < 0) continue;
      this.headings[found].anchor = section.anchor;
      from = found + 1;
    }
  }

  get length(): number {
    return this.text.length;
  }

  /** The section a heading opens: up to the next heading of its level or above, or the end. */
  sectionAt(heading: Heading): Section {
    const index = this.headings.indexOf(heading);
    const next = this.headings.slice(index + 1).find((other) => other.level <= heading.level);
    const trail: string[] = [];
    let level = heading.level;
    for (const above of this.headings.slice(0, index).reverse()) {
      if (above.level < level) {
        trail.unshift(above.text);
        level = above.level;
      }
    }
    return {heading, start: heading.start, end: next ? next.start : this.text.length, trail};
  }

  /**
   * A section named by its anchor (`tower-run`, `#tower-run`) or its heading
   * text (any letter case), or a message that lists the sections there are.
   */
  findSection(name: string): {ok: true; section: Section} | {ok: false; message: string; anchors: string[]} {
    const wanted = name.trim().replace(/^#/, '');
    const byAnchor = this.headings.find((heading) => heading.anchor === wanted);
    const byText = this.headings.find((heading) => heading.text.toLowerCase() === headingText(wanted).toLowerCase());
    const heading = byAnchor ?? byText;
    if (heading) return {ok: true, section: this.sectionAt(heading)};
    return {ok: false, message: `There is no section "${name.trim()}" on this page.`, anchors: this.anchors()};
  }

  /** The anchors of the page's sections, in page order. */
  anchors(): string[] {
    return this.headings.flatMap((heading) => (heading.anchor ? [heading.anchor] : []));
  }

  private lineAt(offset: number): number {
    let low = 0;
    let high = this.lines.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lines[middle].start <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** How good a place the start of line `index` is to cut at: headings best, then paragraph breaks, then any line. */
  private cutRank(index: number): number {
    const line = this.lines[index];
    if (line.fenced && line.opener !== index) return 1;
    if (line.heading) return 10 - line.heading.level;
    if (index > 0 && this.lines[index - 1].blank) return 3;
    return 2;
  }

  /**
   * Where a part that starts at `from` ends, at most `max` characters on and
   * never past `end`: the best line start in the second half of its reach
   * (latest among equals), else any line start in reach, else `from + max`.
   */
  private cutAfter(from: number, end: number, max: number): number {
    if (end - from <= max) return end;
    const limit = from + max;
    let best = -1;
    let bestRank = 0;
    const first = this.lineAt(from) + 1;
    for (let index = first; index < this.lines.length && this.lines[index].start <= limit; index++) {
      const at = this.lines[index].start;
      const rank = this.cutRank(index) + (at > from + max / 2 ? 10 : 0);
      if (rank >= bestRank) {
        best = at;
        bestRank = rank;
      }
    }
    if (best > from) return best;
    // One line longer than a part: cut inside it, never between the halves of a surrogate pair.
    const code = this.text.charCodeAt(limit - 1);
    return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
  }

  /** Characters [start, end) as text, with a fenced block it starts inside reopened and one it ends inside closed. */
  render(start: number, end: number): string {
    let text = this.text.slice(start, end);
    const firstIndex = this.lineAt(start);
    const opener = this.lines[firstIndex].opener;
    if (opener !== null && opener !== firstIndex) {
      text = `${this.text.slice(this.lines[opener].start, this.lines[opener].end).trimStart()}\n${text}`;
    }
    // The last line the text holds, and the one after it: still the same fenced block means the cut is inside it.
    const lastIndex = this.lineAt(Math.max(start, end - 1));
    const next = this.lines[lastIndex + 1];
    const open = this.lines[lastIndex].opener;
    if (end < this.text.length && open !== null && next?.opener === open) {
      const fence = FENCE_OPEN.exec(this.text.slice(this.lines[open].start, this.lines[open].end))![1];
      text = `${text.replace(/\n?$/, '\n')}${fence}\n`;
    }
    return text;
  }

  /** The part of [start, end) that begins `offset` characters in, at most `max` characters long. */
  part(start: number, end: number, offset: number, max: number): Part {
    const from = Math.min(end, start + offset);
    const to = this.cutAfter(from, end, max);
    return {start: from, end: to, text: this.render(from, to)};
  }

  /** Every part of [start, end), in order. */
  parts(start: number, end: number, max: number): Part[] {
    const parts: Part[] = [];
    for (let from = start; from < end;) {
      const part = this.part(start, end, from - start, max);
      parts.push(part);
      from = part.end;
    }
    return parts;
  }

  /**
   * The blocks of [start, end): a fenced block whole (its language with it),
   * a heading line, or a run of non-blank lines; blank lines separate them.
   */
  blocks(start: number, end: number): Array<{start: number; end: number; kind: 'code' | 'heading' | 'text'; language: string}> {
    const blocks: Array<{start: number; end: number; kind: 'code' | 'heading' | 'text'; language: string}> = [];
    for (let index = this.lineAt(start); index < this.lines.length && this.lines[index].start < end; index++) {
      const line = this.lines[index];
      if (line.blank) continue;
      if (line.fenced) {
        let last = index;
        while (last + 1 < this.lines.length && this.lines[last + 1].fenced && this.lines[last + 1].opener === index && this.lines[last + 1].start < end) last++;
        const info = FENCE_OPEN.exec(this.text.slice(line.start, line.end))?.[2].trim() ?? '';
        blocks.push({start: line.start, end: Math.min(end, this.lines[last].end), kind: 'code', language: info.split(/[\s{]/)[0].toLowerCase()});
        index = last;
      } else if (line.heading) {
        blocks.push({start: line.start, end: line.end, kind: 'heading', language: ''});
      } else {
        let last = index;
        while (
          last + 1 < this.lines.length &&
          !this.lines[last + 1].blank &&
          !this.lines[last + 1].fenced &&
          !this.lines[last + 1].heading &&
          this.lines[last + 1].start < end
        )
          last++;
        blocks.push({start: line.start, end: Math.min(end, this.lines[last].end), kind: 'text', language: ''});
        index = last;
      }
    }
    return blocks;
  }

  /**
   * Characters [start, end) cut to `budget` characters at a block boundary: whole
   * blocks while they fit; a paragraph that does not fit is cut after its last
   * whole sentence in reach; a code block or table that does not fit is left
   * out, and the chunk says so. With `enough`, the chunk also ends at the
   * first subheading once it holds that many characters. `rest` counts the
   * characters left out.
   */
  chunk(start: number, end: number, budget: number, enough = 0): {text: string; rest: number} {
    const kept: string[] = [];
    let used = 0;
    let cutAt = end;
    // Whether anything but headings is kept: a code block or table that does not fit is named only when nothing is.
    let content = false;
    for (const block of this.blocks(start, end)) {
      // Past `enough` characters, a subsection is where the chunk ends: it is a result of its own.
      if (block.kind === 'heading' && kept.length > 0 && used >= enough) {
        cutAt = block.start;
        break;
      }
      const text = this.text.slice(block.start, block.end);
      if (used + text.length + 2 <= budget) {
        kept.push(text);
        used += text.length + 2;
        content ||= block.kind !== 'heading';
        continue;
      }
      cutAt = block.start;
      const room = budget - used - 2;
      const isTable = block.kind === 'text' && /^\s*\|/.test(text);
      if (block.kind === 'text' && !isTable && room > 80) {
        const sentence = lastSentenceEnd(text.slice(0, room));
        if (sentence > 0) {
          kept.push(text.slice(0, sentence));
          cutAt = block.start + sentence;
        }
      } else if (!content && (block.kind === 'code' || isTable)) {
        kept.push(named(block, text));
      }
      break;
    }
    return {text: kept.join('\n\n'), rest: end - cutAt};
  }

  /**
   * Characters [start, end) as a search result shows them, in `budget`
   * characters: whole when they fit (see `chunk`, which also decides, with
   * `enough`, whether subsections are in); otherwise the opening block and then
   * the blocks that have most of the query (`relevance`), each whole, in page
   * order, while they fit, with "[…]" where blocks are left out. A paragraph
   * that introduces what follows (INTRODUCES) stays with the block after it,
   * and a subheading with the block under it. Falls back to `chunk` when the
   * opening alone does not fit, or with no `relevance` (nothing to choose
   * by). `rest` counts the characters left out.
   */
  excerpt(start: number, end: number, budget: number, enough: number, relevance: ((text: string) => number) | null): {text: string; rest: number} {
    const blocks = this.blocks(start, end);
    // The section's own text ends at a subheading once it holds `enough` characters, as in `chunk`.
    let used = 0;
    let stop = blocks.length;
    for (const [index, block] of blocks.entries()) {
      if (block.kind === 'heading' && index > 0 && used >= enough) {
        stop = index;
        break;
      }
      used += block.end - block.start + 2;
    }
    const own = blocks.slice(0, stop);
    const whole = () => this.chunk(start, end, budget, enough);
    if (!relevance || !own.length || own[own.length - 1].end - start + 2 <= budget) return whole();
    const units: Array<{start: number; end: number; text: string}> = [];
    // A subheading, a sentence ending with a colon or a bold line standing for a heading ("**Raises**") goes with the block after it.
    const introduces = (block: (typeof own)[number]) =>
      block.kind === 'heading' || (block.kind === 'text' && INTRODUCES.test(this.text.slice(block.start, block.end)));
    for (let index = 0; index < own.length; index++) {
      const first = own[index];
      let last = index;
      while (last + 1 < own.length && introduces(own[last])) last++;
      units.push({start: first.start, end: own[last].end, text: this.text.slice(first.start, own[last].end)});
      index = last;
    }
    if (units[0].text.length > budget) return whole();
    const scored = units.slice(1).map((unit, i) => ({position: i + 1, size: unit.text.length, score: relevance(unit.text) / (1 + unit.text.length / 600)}));
    const kept = new Set([0]);
    let size = units[0].text.length;
    for (const candidate of scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score || a.position - b.position)) {
      // Each unit costs its text, the blank line before it and, at worst, a "[…]" line.
      if (size + candidate.size + 7 > budget) continue;
      kept.add(candidate.position);
      size += candidate.size + 7;
    }
    const parts: string[] = [];
    let shown = 0;
    units.forEach((unit, position) => {
      if (!kept.has(position)) return;
      if (position > 0 && !kept.has(position - 1)) parts.push('[…]');
      parts.push(unit.text);
      shown += unit.end - unit.start;
    });
    return {text: parts.join('\n\n'), rest: Math.max(0, end - start - shown)};
  }

  /** Where the text under a heading begins: the line after it. */
  bodyStart(heading: Heading): number {
    return this.lines[heading.line + 1]?.start ?? this.text.length;
  }

  /**
   * What [start, end) says first, in at most `max` characters on one line, for
   * a reader to judge it by: the whole sentences of its first paragraph that
   * fit, or else its first sentence cut after a word (and marked "…"), never
   * inside a code span; a code block that fits, whole; a longer one, or a
   * table, is named. Headings are skipped. `rest` counts the characters left out.
   */
  opening(start: number, end: number, max: number): {text: string; rest: number} {
    const block = this.blocks(start, end).find((candidate) => candidate.kind !== 'heading');
    if (!block) return {text: '', rest: 0};
    const text = this.text.slice(block.start, block.end);
    // A short code block is the most telling opening there is (a command, a signature): it comes whole.
    if (block.kind === 'code' && text.length <= max) return {text, rest: end - block.end};
    if (block.kind === 'code' || /^\s*\|/.test(text)) return {text: named(block, text), rest: end - block.start};
    const flat = (piece: string) => piece.replace(/\s+/g, ' ').trim();
    if (flat(text).length <= max) return {text: flat(text), rest: end - block.end};
    const sentence = lastSentenceEnd(text.slice(0, max));
    if (sentence > 0 && flat(text.slice(0, sentence)).length <= max) return {text: flat(text.slice(0, sentence)), rest: end - (block.start + sentence)};
    let cut = 0;
    let ticks = 0;
    for (let index = 0; index < max - 1 && index < text.length; index++) {
      if (text[index] === '`') ticks++;
      else if (/\s/.test(text[index]) && ticks % 2 === 0) cut = index;
    }
    if (cut === 0) return {text: '', rest: end - block.start};
    return {text: `${flat(text.slice(0, cut))}…`, rest: end - (block.start + cut)};
  }
}

/** What stands for a code block or table that a text leaves out: its kind and length. */
function named(block: {kind: string; language: string}, text: string): string {
  const lines = text.split('\n').length;
  return block.kind === 'code' ? `[A ${block.language || 'code'} block of ${lines} lines follows here.]` : `[A table of ${lines} lines follows here.]`;
}

/** The index just after the last sentence end (". ", "? ", "! ", or a colon before a list) in `text`; 0 when there is none. */
function lastSentenceEnd(text: string): number {
  let best = 0;
  for (const match of text.matchAll(/[.?!:](?=\s|$)/g)) {
    // "e.g." and "i.e." do not end a sentence.
    if (/\b(e\.g|i\.e|etc|vs)\.$/.test(text.slice(Math.max(0, match.index - 4), match.index + 1))) continue;
    best = match.index + 1;
  }
  return best;
}
