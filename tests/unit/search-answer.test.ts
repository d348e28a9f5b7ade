/**
 * Ask AI's answer composer (src/search/answer.ts), rule by rule: which section it quotes and which
 * neighbour it adds, which units of a section (a sentence with the list or code it introduces), in
 * what order, what it cuts (long paragraphs, past ANSWER.maxBlocks and ANSWER.maxProse), what leads a
 * "how" answer, what it cites, and what it says when the docs do not cover a question.
 *
 * Most tests hand the composer a question already read (`answerFrom` with made-up scores and the
 * question's terms weighed by hand), so that each threshold can be met exactly; the last ones read
 * questions with a small engine built in memory from a few pages, as the plugin builds the real one.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {answerFrom, answerQuestion, quotedUnits, readQuestion, sectionsToRead, type Answer, type Reading} from '../../src/search/answer';
import {SearchEngine, type Ranked} from '../../src/search/engine';
import type {QueryPlan} from '../../src/search/query';
import {ANSWER, EXPANSION_WEIGHT} from '../../src/search/ranking';
import {pagesToRecords, type Block, type ExtractedPage, type SearchRecord} from '../../src/search/records';
import {extractedPage as page, rankedAs as ranked, type SectionSpec} from './support/search-pages';
import {termsOf} from '../../src/search/text';

const SITE = 'https://docs.tower.dev';

const recordsOf = (...pages: ExtractedPage[]) => pagesToRecords(pages, SITE);

/** The question's terms and what finding each tells, given by word ("rotate": 2 weighs the term "rotat"). */
const wantedOf = (weights: Record<string, number>) => new Map(Object.entries(weights).map(([word, weight]) => [termsOf(word)[0], weight]));

/** A question's plan: only the words the docs lack matter to the composer. */
const planLacking = (...lacking: string[]): QueryPlan => ({
  words: lacking.map((text) => ({text, expansions: [], required: true})),
  intent: 'question',
  operations: [],
  defines: false,
});

function reading(question: string, sections: Ranked[], weights: Record<string, number>, more: Partial<Reading> = {}): Reading {
  return {question, plan: planLacking(), wanted: wantedOf(weights), ranked: sections, nearby: sections, ...more};
}

/** Ask AI's answer from a page with one section (its top, titled "Handbook", a word no question here asks). */
function answerFromSection(blocks: Block[], question: string, weights: Record<string, number>): Answer {
  const [record] = recordsOf(page('/docs/guides/handbook', 'Handbook', [{heading: 'Handbook', blocks}]));
  return answerFrom(reading(question, [ranked(record, 10)], weights));
}

/** A sentence exactly `length` characters long with `words` at its start, padded with words no question here asks for. */
function sentence(words: string, length = 60): string {
  const text = `${words} ${'and so on '.repeat(Math.ceil(length / 10))}`.slice(0, length - 1).trimEnd();
  return `${text.padEnd(length - 1, 'o')}.`;
}

const NOTHING = sentence('Nothing of the sort is said here');

/** What a unit scores: the question's words it has over 1 + its prose length in ANSWER.unitLength characters. */
const unitScore = (overlap: number, proseLength: number) => overlap / (1 + proseLength / ANSWER.unitLength);

const positionsOf = (units: ReturnType<typeof quotedUnits>) => units.map((entry) => entry.position);

describe('Ask AI: how well each unit of a section answers', () => {
  const wanted = wantedOf({rotate: 2, secret: 1});
  const intro = 'Secrets rotate on a schedule.';
  const howTo: Block[] = ['Rotate a secret with the CLI:', {code: 'tower secrets create --name db --value new'}];
  const list: Block = {list: ['Rotate monthly', 'Audit yearly']};
  const blocks: Block[] = [intro, ...howTo, list, {code: 'print(1)'}];

  const scores = (how: boolean, opening: boolean) => quotedUnits(blocks, wanted, {how, opening}).map((entry) => entry.score);
  // Words found, each once: the intro has rotate + secret (3), the how-to rotate + secret in its sentence and its code (3),
  // the list rotate (2); the lone code block has none and is never quoted.
  const plain = [unitScore(3, intro.length), unitScore(3, 'Rotate a secret with the CLI:'.length), unitScore(2, 'Rotate monthly\nAudit yearly'.length)];

  test('the words a unit has count, less the longer its prose is; a code block adds no length', () => {
    assert.deepEqual(scores(false, false), plain);
    assert.deepEqual(
      quotedUnits(blocks, wanted, {how: false, opening: false}).map((entry) => entry.unit),
      [[intro], howTo, [list]],
    );
  });

  test('a "how" question counts a unit with code more: the way to do it is usually the code', () => {
    assert.deepEqual(scores(true, false), [plain[0], plain[1] * ANSWER.codeUnitBoost, plain[2]]);
  });

  test("a section's first sentence counts more (it says what the heading is about); a list that opens it does not", () => {
    assert.deepEqual(scores(false, true), [plain[0] * ANSWER.openingBoost, plain[1], plain[2]]);
    const listFirst = quotedUnits([list, intro], wanted, {how: false, opening: true});
    assert.deepEqual(
      listFirst.map((entry) => entry.score),
      [plain[2], unitScore(3, intro.length)],
    );
  });

  test('a unit with none of the question is not quoted, and a section with none of it quotes nothing', () => {
    assert.deepEqual(quotedUnits([{code: 'print(1)'}, NOTHING], wanted, {how: true, opening: true}), []);
    assert.deepEqual(quotedUnits([], wanted, {how: false, opening: false}), []);
  });
});

describe('Ask AI: a sentence and what it introduces are one unit', () => {
  const wanted = wantedOf({rotate: 1});
  const unitsQuoted = (blocks: Block[]) => quotedUnits(blocks, wanted, {how: false, opening: false}).map((entry) => entry.unit);
  const steps: Block = {list: ['Open the app', 'Pick the environment']};

  test('a sentence ending with a colon is quoted with the list, table or code after it, even when they lack the words', () => {
    assert.deepEqual(unitsQuoted(['Rotate a secret in two steps:', steps]), [['Rotate a secret in two steps:', steps]]);
    const table: Block = {
      table: [
        ['Step', 'Where'],
        ['Open', 'The app'],
      ],
    };
    assert.deepEqual(unitsQuoted(['Rotation happens in these places:', table]), [['Rotation happens in these places:', table]]);
  });

  test('a colon inside a sentence, in an address, or before a paragraph does not join what follows', () => {
    assert.deepEqual(unitsQuoted(['Secrets rotate at 09:00 UTC.', steps]), [['Secrets rotate at 09:00 UTC.']]);
    assert.deepEqual(unitsQuoted(['Rotation is described at https://docs.tower.dev', steps]), [['Rotation is described at https://docs.tower.dev']]);
    assert.deepEqual(unitsQuoted(['Rotate a secret as follows:', NOTHING]), [['Rotate a secret as follows:']]);
  });

  test('a sentence ending with a colon at the end of its section stands alone', () => {
    assert.deepEqual(unitsQuoted([NOTHING, 'Rotate a secret like this:']), [['Rotate a secret like this:']]);
  });

  test("a list's items and a table's cells are read apart: a word at the end of one is not glued to the next", () => {
    const words = wantedOf({schedule: 1, cron: 1});
    const list: Block = {list: ['Create a schedule', 'Delete it']};
    const table: Block = {
      table: [
        ['Key', 'Meaning'],
        ['cron', 'When it runs'],
      ],
    };
    assert.deepEqual(
      quotedUnits([list, NOTHING, table], words, {how: false, opening: false}).map((entry) => entry.unit),
      [[list], [table]],
    );
  });
});

describe('Ask AI: which units of a section it quotes', () => {
  // Sentences of one length, so that a unit's score is in proportion to the weight of its words.
  const wanted = wantedOf({rotate: 4, secret: 2, key: 1.9, vault: 1, audit: 0.9});
  const say = (word: string) => sentence(`${word[0].toUpperCase()}${word.slice(1)} is what this one is about`);
  const quoted = (blocks: Block[]) => positionsOf(quotedUnits(blocks, wanted, {how: false, opening: false}));

  test('the best unit, and the others with at least half its words, in page order', () => {
    // secret (2) is half of rotate (4); key (1.9) is not, nor vault (1) away from both.
    assert.deepEqual(quoted([say('secret'), NOTHING, say('rotate'), NOTHING, say('key'), NOTHING, say('vault')]), [0, 2]);
  });

  test('next to a quoted unit, a quarter of the best is enough: the answer reads as connected text', () => {
    // vault (1) is a quarter of rotate (4) and stands next to it; audit (0.9) is less than a quarter, though next to vault;
    // the neighbour needs one quoted unit beside it, not every one.
    assert.deepEqual(quoted([say('audit'), say('vault'), say('rotate'), NOTHING, NOTHING, say('secret')]), [1, 2, 5]);
  });

  test('page order decides between two units that answer alike, when only one fits', () => {
    const long = sentence('Rotate it, as the second part says', 400);
    assert.deepEqual(quoted([NOTHING, long, NOTHING, long]), [1]);
  });
});

describe('Ask AI: how much of a section it quotes (ANSWER.maxBlocks, ANSWER.maxProse)', () => {
  const wanted = wantedOf({rotate: 4, secret: 2, vault: 1});
  const quoted = (blocks: Block[]) => quotedUnits(blocks, wanted, {how: false, opening: false});

  test('four blocks at most: a sentence with its list counts two, and the unit that answers least is left out', () => {
    const withList: Block[] = ['Rotate a secret or a vault key:', {list: ['Pick it', 'Press the button']}];
    const blocks: Block[] = [sentence('Rotate now'), ...withList, sentence('Rotate a secret'), sentence('Rotate a vault key')];
    // Scores: the sentence with its list (7), "Rotate a secret" (6), "Rotate a vault key" (5), then "Rotate now" (4).
    assert.deepEqual(positionsOf(quoted(blocks)), [1, 2, 3]);
    assert.equal(
      quoted(blocks).reduce((sum, entry) => sum + entry.unit.length, 0),
      ANSWER.maxBlocks,
    );
  });

  test('700 characters of prose at most, a list counted as its items joined by spaces; code is not prose', () => {
    const first = sentence('Rotate a secret', 400);
    // Two items of 150 characters: 301 with the space between them.
    const items = (length: number) => ({list: [sentence('Rotate it', length - 150), sentence('Then wait', 150)]});
    assert.deepEqual(positionsOf(quoted([first, items(299)])), [0, 1], '400 + 300 characters fit');
    assert.deepEqual(positionsOf(quoted([first, items(300)])), [0], '400 + 301 characters do not');
    const code: Block = {code: `tower secrets create --name vault --value ${'x'.repeat(800)}`};
    assert.deepEqual(positionsOf(quoted([sentence('Rotate a secret', ANSWER.maxProse), code])), [0, 1]);
  });

  test('the best unit is quoted even when it alone is longer than the limit', () => {
    const long: Block = {list: [sentence('Rotate the secret', 500), sentence('Rotate the vault key', 300)]};
    assert.deepEqual(
      quoted([NOTHING, long]).map((entry) => entry.unit),
      [[long]],
    );
  });

  test('the units that answer best are let in first: a weaker one earlier on the page does not take their room', () => {
    assert.deepEqual(positionsOf(quoted([sentence('Rotate it', 300), NOTHING, sentence('Rotate a secret', 450)])), [2]);
  });
});

describe('Ask AI: a long paragraph is cut to its sentences with the question', () => {
  const wanted = wantedOf({rotate: 1});
  const yes = (n: number) => sentence(`Rotation rule ${n} says when`, 80);
  const no = (n: number) => sentence(`Nothing in part ${n} is about it`, 80);
  const cut = (...blocks: Block[]) => quotedUnits(blocks, wanted, {how: false, opening: false}).flatMap((entry) => entry.unit);

  test('"…" marks where sentences were left out, inside and at the end, not at the start', () => {
    assert.deepEqual(cut([yes(0), no(1), yes(2), no(3)].join(' ')), [`${yes(0)} … ${yes(2)} …`]);
    assert.deepEqual(cut([yes(0), yes(1), no(2), yes(3)].join(' ')), [`${yes(0)} ${yes(1)} … ${yes(3)}`]);
    assert.deepEqual(cut([no(0), yes(1), yes(2), no(3)].join(' ')), [`${yes(1)} ${yes(2)} …`]);
  });

  test('a paragraph of 300 characters or fewer is quoted whole', () => {
    const paragraph = (length: number) => `${yes(0)} ${sentence('Nothing more', length - 81)}`;
    assert.equal(paragraph(ANSWER.maxParagraph).length, ANSWER.maxParagraph);
    assert.deepEqual(cut(paragraph(ANSWER.maxParagraph)), [paragraph(ANSWER.maxParagraph)]);
    assert.deepEqual(cut(paragraph(ANSWER.maxParagraph + 1)), [`${yes(0)} …`]);
  });

  test('a paragraph that introduces a list keeps its last sentence, the one that introduces it', () => {
    const steps: Block = {list: ['Open the app', 'Pick the environment']};
    const intro = [no(0), yes(1), no(2), 'These are the steps to follow, each in the order given here, with nothing left out:'].join(' ');
    assert.deepEqual(cut(intro, steps), [`${yes(1)} … These are the steps to follow, each in the order given here, with nothing left out:`, steps]);
  });
});

describe('Ask AI: what leads the answer to a "how" question', () => {
  const background = 'Start the run in the background with tower run --detached, then check on it later.';
  const leadOf = (blocks: Block[], weights: Record<string, number>, question = 'how do I start a run in the background') =>
    answerFromSection(blocks, question, weights).lead;

  test('the command its sentences give, as a bash line; a call or attribute of the SDK as Python', () => {
    assert.deepEqual(leadOf([background], {run: 0.5, detached: 2}), {code: 'tower run --detached', language: 'bash'});
    assert.deepEqual(leadOf(['Create one with tower schedules create --app etl --cron "0 9 * * *", which runs daily.'], {schedule: 1, create: 1, cron: 1}), {
      code: 'tower schedules create --app etl --cron "0 9 * * *"',
      language: 'bash',
    });
    assert.deepEqual(leadOf(['Run it in production with tower run -e production.'], {run: 0.5, production: 2}), {
      code: 'tower run -e production',
      language: 'bash',
    });
    assert.deepEqual(leadOf(['Call tower.run_app(name, parameters) to start another app.'], {run_app: 2}), {
      code: 'tower.run_app(name, parameters)',
      language: 'python',
    });
    assert.deepEqual(leadOf(['The number of the current run is in tower.info.run_id.'], {run_id: 2}), {code: 'tower.info.run_id', language: 'python'});
    assert.deepEqual(leadOf(['Install the extra with pip install "tower[iceberg]", then restart Python.'], {iceberg: 2, install: 1}), {
      code: 'pip install "tower[iceberg]"',
      language: 'bash',
    });
    assert.deepEqual(leadOf(['Add --detached to return as soon as the run starts.'], {detached: 2}), {code: '--detached', language: 'bash'});
    assert.deepEqual(leadOf(['Upload it with tower deploy.'], {deploy: 2}), {code: 'tower deploy', language: 'bash'});
    assert.deepEqual(leadOf(['Install the SDK with pip install tower ; uv users add it instead.'], {install: 2}), {
      code: 'pip install tower',
      language: 'bash',
    });
  });

  test('a command in a list item, read up to the end of its item', () => {
    const list: Block = {list: ['Remove one with tower secrets delete', 'Create one with tower secrets create']};
    assert.deepEqual(leadOf(['Manage secrets from the CLI:', list], {delete: 2, secret: 0.5}), {code: 'tower secrets delete', language: 'bash'});
  });

  test('of two commands with the question, the one with more of it; then the shorter; then the first', () => {
    assert.deepEqual(leadOf(['Run tower run --detached, or add --detached to any run command.'], {detached: 2}), {code: '--detached', language: 'bash'});
    assert.deepEqual(leadOf(['Read them with tower apps logs, or tower apps show.'], {logs: 2, show: 3}), {code: 'tower apps show', language: 'bash'});
    assert.deepEqual(leadOf(['Read them with tower apps logs, or tower apps show.'], {app: 2}), {code: 'tower apps logs', language: 'bash'});
  });

  test('no lead from a program name alone, nor from a command that shares only a weak word with the question', () => {
    assert.equal(leadOf(["Tower's CLI also runs with uvx."], {uvx: 2}), null);
    assert.equal(leadOf(['See them with tower apps list.'], {app: 0.6, list: 0.3}), null);
    const command = 'tower secrets list';
    assert.deepEqual(leadOf([`See them with ${command}.`], {list: 1 + command.length / 1000}), {code: command, language: 'bash'}, 'exactly ANSWER.leadOverlap');
  });

  test('only a question that starts by asking how, "can I" or "what command" is led by a command', () => {
    const weights = {run: 0.5, detached: 2};
    const lead = {code: 'tower run --detached', language: 'bash'};
    assert.deepEqual(leadOf([background], weights, '  how do I start a run in the background'), lead);
    assert.deepEqual(leadOf([background], weights, 'can I start a run in the background'), lead);
    assert.deepEqual(leadOf([background], weights, 'what command starts a run in the background'), lead);
    assert.equal(leadOf([background], weights, 'what is a detached run'), null);
    assert.equal(leadOf([background], weights, 'what does the output say about how a detached run went'), null);
  });

  test('a code block that answers about as well as the best unit comes first, instead of a command line', () => {
    const code: Block = {code: 'tower schedules create --app etl --cron "0 9 * * *"'};
    const blocks: Block[] = ['Schedules run apps at set times.', 'Create one from the CLI:', code];
    const how = answerFromSection(blocks, 'how do I create a schedule', {schedule: 1, create: 1});
    assert.deepEqual(how.blocks, ['Create one from the CLI:', code, 'Schedules run apps at set times.']);
    assert.equal(how.lead, null);
    const what = answerFromSection(blocks, 'what creates a schedule', {schedule: 1, create: 1});
    assert.deepEqual(what.blocks, blocks);
    assert.equal(what.lead, null);
  });

  test('a code block that leads is not doubled by the command of a sentence after it', () => {
    const code: Block = {code: 'tower schedules create --app etl --cron "0 9 * * *"'};
    const answer = answerFromSection([code, 'Check its cron with tower schedules list.'], 'how do I create a schedule', {schedule: 2, create: 1, cron: 1});
    assert.deepEqual(answer.blocks, [code, 'Check its cron with tower schedules list.']);
    assert.equal(answer.lead, null);
  });

  test('a code block at exactly ANSWER.codeLeadShare of the best unit leads', () => {
    const prose = 'Rotate a secret once a quarter.';
    const best = unitScore(2, prose.length) * ANSWER.openingBoost;
    const vault = (best * ANSWER.codeLeadShare) / ANSWER.codeUnitBoost;
    assert.equal(vault * ANSWER.codeUnitBoost, best * ANSWER.codeLeadShare);
    const code: Block = {code: 'tower secrets list --environment vault'};
    assert.deepEqual(answerFromSection([prose, code], 'how do I rotate a secret', {rotate: 2, vault}).blocks, [code, prose]);
  });

  test("a script that merely uses the question's words does not lead; the command in the sentences does", () => {
    const script: Block = {code: 'import tower\nvalue = tower.secrets.get("db")', language: 'python'};
    const answer = answerFromSection(['Rotate a secret with tower secrets create.', script], 'how do I rotate a secret', {rotate: 3, secret: 1.5});
    assert.deepEqual(answer.blocks, ['Rotate a secret with tower secrets create.', script]);
    assert.deepEqual(answer.lead, {code: 'tower secrets create', language: 'bash'});
  });

  test('a quoted code block that holds the command leads instead of it, so the command is not shown twice', () => {
    const code: Block[] = ['A new value is stored like this:', {code: 'tower secrets create --name db --value hunter2'}];
    const prose = 'Rotate a secret: make a new one with tower secrets create, then delete the old one.';
    const answer = answerFromSection([...code, prose], 'how do I rotate a secret', {rotate: 3, secret: 1, create: 1});
    assert.deepEqual(answer.blocks, [...code, prose]);
    assert.equal(answer.lead, null);
  });

  test('with no command to lead, the quoted units stay in page order', () => {
    const config: Block = {code: '{"secret": null}', language: 'json'};
    const answer = answerFromSection(['Rotate a secret every 90 days.', config], 'how do I rotate a secret', {rotate: 3, secret: 1});
    assert.deepEqual(answer.blocks, ['Rotate a secret every 90 days.', config]);
    assert.equal(answer.lead, null);
  });
});

describe('Ask AI: which sections it quotes and cites', () => {
  const schedules = page(
    '/docs/guides/schedules',
    'Schedules',
    [
      {heading: 'Schedules', blocks: ['A schedule starts an app at set times.']},
      {heading: 'Cron expressions', blocks: ['A cron expression says when a schedule starts the app.']},
      {heading: 'Create a schedule', blocks: ['Create one from the CLI:', {code: 'tower schedules create --app etl --cron "0 9 * * *"'}]},
      {heading: 'Time zones', blocks: ['Cron times are read in UTC; give another zone with:', {code: 'tower schedules update daily --cron "0 9 * * *"'}]},
    ],
    {trail: ['Guides', 'Scheduling']},
  );
  const next = page('/docs/guides/webhooks', 'Webhooks', [{heading: 'Webhooks', blocks: ['A webhook tells you when a cron run ends.']}]);
  const [top, cron, create, zones, webhooks] = recordsOf(schedules, next);
  const weights = {cron: 1, schedule: 1, app: 1};
  const cited = (question: string, sections: Array<[SearchRecord, number]>, words: Record<string, number> = weights) =>
    answerFrom(
      reading(
        question,
        sections.map(([record, score]) => ranked(record, score)),
        words,
      ),
    ).sources.map((source) => source.url.replace(`${SITE}/docs/guides/`, ''));

  test('the section next to the best one on its page is cited too when it scores at least ANSWER.adjacentShare of it', () => {
    assert.deepEqual(
      cited('when does a cron schedule start', [
        [cron, 10],
        [create, 8],
      ]),
      ['schedules#cron-expressions', 'schedules#create-a-schedule'],
    );
    assert.deepEqual(
      cited('when does a cron schedule start', [
        [cron, 10],
        [create, 7.9],
      ]),
      ['schedules#cron-expressions'],
    );
  });

  test('the sections cited are in page order, and so is what the answer quotes of them', () => {
    const answer = answerFrom(reading('when does a cron schedule start', [ranked(create, 10), ranked(cron, 9)], weights));
    assert.deepEqual(
      answer.sources.map((source) => source.url),
      [cron.url, create.url],
    );
    assert.deepEqual(answer.blocks, [
      'A cron expression says when a schedule starts the app.',
      'Create one from the CLI:',
      {code: 'tower schedules create --app etl --cron "0 9 * * *"'},
    ]);
  });

  test('a section two away, or the next one on another page, is not cited', () => {
    assert.deepEqual(
      cited('when does a cron schedule start', [
        [cron, 10],
        [zones, 9.5],
      ]),
      ['schedules#cron-expressions'],
    );
    assert.deepEqual(
      cited('when does a cron run end', [
        [webhooks, 10],
        [zones, 9.5],
      ]),
      ['webhooks'],
    );
  });

  test('for a "how" question whose best section gives no code, the next one that does is cited at ANSWER.adjacentCodeShare', () => {
    assert.deepEqual(
      cited('how do I start an app on a cron schedule', [
        [cron, 10],
        [create, 4],
      ]),
      ['schedules#cron-expressions', 'schedules#create-a-schedule'],
    );
    assert.deepEqual(
      cited('how do I start an app on a cron schedule', [
        [cron, 10],
        [create, 3.9],
      ]),
      ['schedules#cron-expressions'],
    );
    // Not for a question that asks no way to do it, nor when the best section has code, nor for a neighbour without code.
    assert.deepEqual(
      cited('why does an app start on a cron schedule', [
        [cron, 10],
        [create, 5],
      ]),
      ['schedules#cron-expressions'],
    );
    assert.deepEqual(
      cited('how do I start an app on a cron schedule', [
        [create, 10],
        [zones, 5],
      ]),
      ['schedules#create-a-schedule'],
    );
    assert.deepEqual(
      cited('how do I start an app on a cron schedule', [
        [cron, 10],
        [top, 5],
      ]),
      ['schedules#cron-expressions'],
    );
  });

  test('a neighbour with none of the question in its text is not cited, however well its heading ranked', () => {
    assert.deepEqual(
      cited(
        'what is a cron expression',
        [
          [cron, 10],
          [create, 9],
        ],
        {expression: 1},
      ),
      ['schedules#cron-expressions'],
    );
  });

  test('a best section with nothing to quote gives way to the next one; past ANSWER.pagesToRead sections, none is found', () => {
    assert.deepEqual(
      cited(
        'what is a cron expression',
        [
          [zones, 10],
          [cron, 5],
        ],
        {expression: 1},
      ),
      ['schedules#cron-expressions'],
    );
    const answer = answerFrom(
      reading(
        'what is a cron expression',
        [top, create, zones, webhooks, cron].map((record, i) => ranked(record, 10 - i)),
        {expression: 1},
      ),
    );
    assert.equal(answer.found, false);
    assert.deepEqual(answer.blocks, []);
  });

  test("only the best section's first sentence counts more; a neighbour's opening is weighed like the rest", () => {
    // In each section the first sentence has less than half of what the third has, but more than half once boosted.
    const opening = sentence('Vault keys are one thing');
    const body: Block[] = [opening, NOTHING, sentence('Rotation is the other')];
    const [first, second] = recordsOf(
      page('/docs/guides/keys', 'Keys', [
        {heading: 'Keys', blocks: body},
        {heading: 'More on keys', blocks: body},
      ]),
    );
    const answer = answerFrom(reading('what are vault keys and rotation', [ranked(first, 10), ranked(second, 9)], {vault: 0.9, rotate: 2}));
    assert.deepEqual(answer.blocks, [opening, body[2], body[2]]);
  });

  test('a neighbour\'s code counts more for a "how" question, as the best section\'s does', () => {
    const code: Block = {code: 'tower secrets list --environment prod'};
    const [first, second] = recordsOf(
      page('/docs/guides/keys', 'Keys', [
        {heading: 'Keys', blocks: [sentence('Rotation is what it is about')]},
        {heading: 'More on keys', blocks: [sentence('Rotation again'), NOTHING, code]},
      ]),
    );
    // The code has 0.8 against the sentence's 2 / 1.1: under half, but over half with ANSWER.codeUnitBoost.
    const answer = answerFrom(reading('how do I rotate keys per environment', [ranked(first, 10), ranked(second, 9)], {rotate: 2, environment: 0.8}));
    assert.deepEqual(answer.blocks.at(-1), code);
  });

  test("within a section, the question's words its headings already have count less: the answer is in what the text adds", () => {
    // Under "Keys › Rotate a key" (in the "Vault" part of the docs, which is no heading), "rotate" weighs
    // ANSWER.headingTermWeight of 2, less than "vault" (0.9): the sentence with "vault" is the best unit, and the one with
    // "rotate" has more than half of it.
    const [record] = recordsOf(
      page(
        '/docs/guides/keys',
        'Keys',
        [
          {heading: 'Keys', blocks: ['Keys open things.']},
          {heading: 'Rotate a key', blocks: [NOTHING, sentence('Rotate it'), NOTHING, sentence('Vault it')]},
        ],
        {
          trail: ['Vault'],
        },
      ),
    ).slice(1);
    assert.ok(2 * ANSWER.headingTermWeight >= 0.9 / 2 && 2 * ANSWER.headingTermWeight < 0.9);
    const answer = answerFrom(reading('when should a vault key rotate', [ranked(record, 10)], {rotate: 2, vault: 0.9}));
    assert.deepEqual(answer.blocks, [sentence('Rotate it'), sentence('Vault it')]);
  });

  test('a source is the section: its address with the anchor, its heading, and its breadcrumb without "Documentation"', () => {
    const nested = recordsOf(
      page(
        '/docs/guides/schedules',
        'Schedules',
        [
          {heading: 'Schedules', blocks: ['A schedule starts an app at set times.']},
          {heading: 'Cron syntax', level: 3, parents: ['Create a schedule'], blocks: ['A cron expression has five fields.']},
        ],
        {trail: ['Guides', 'Scheduling']},
      ),
      page('/docs/faq', 'FAQ', [{heading: 'FAQ', blocks: ['Cron expressions use five fields.']}], {trail: []}),
    );
    const sourcesOf = (record: SearchRecord) => answerFrom(reading('how many fields does a cron expression have', [ranked(record, 10)], {cron: 1})).sources;
    assert.deepEqual(sourcesOf(nested[1]), [
      {
        url: `${SITE}/docs/guides/schedules#cron-syntax`,
        title: 'Cron syntax',
        breadcrumb: ['Guides', 'Scheduling', 'Schedules', 'Create a schedule', 'Cron syntax'],
      },
    ]);
    assert.deepEqual(sourcesOf(nested[2]), [{url: `${SITE}/docs/faq`, title: 'FAQ', breadcrumb: ['FAQ']}]);
  });
});

describe('Ask AI: the closest pages, and an answer that is not found', () => {
  const [runs, statuses, deploy, faq, secrets, extra] = recordsOf(
    page(
      '/docs/concepts/runs',
      'Runs',
      [
        {heading: 'Runs', blocks: ['A run is one execution of an app.']},
        {heading: 'Statuses', blocks: ['A run ends.']},
      ],
      {
        trail: ['Concepts'],
      },
    ),
    page('/docs/guides/deploy', 'Deploy', [{heading: 'Deploy', blocks: ['Deploy an app with tower deploy.']}]),
    page('/docs/faq', 'FAQ', [{heading: 'FAQ', blocks: ['Runs run apps.']}], {trail: []}),
    page('/docs/concepts/secrets', 'Secrets', [{heading: 'Secrets', blocks: ['Secrets hold values.']}], {trail: ['Concepts']}),
    page('/docs/concepts/extra', 'Extra', [{heading: 'Extra', blocks: ['Nothing.']}], {trail: ['Concepts']}),
  );

  test('the first ANSWER.closestPages pages among the nearby sections, each once, as pages', () => {
    const nearby = [statuses, runs, faq, deploy, secrets].map((record, i) => ranked(record, 10 - i));
    const answer = answerFrom(reading('what is a run', nearby, {run: 1}));
    assert.deepEqual(answer.closest, [
      {url: `${SITE}/docs/concepts/runs`, title: 'Runs', breadcrumb: ['Concepts', 'Runs']},
      {url: `${SITE}/docs/faq`, title: 'FAQ', breadcrumb: ['FAQ']},
      {url: `${SITE}/docs/guides/deploy`, title: 'Deploy', breadcrumb: ['Guides', 'Deploy']},
    ]);
  });

  test('a page known without a title is listed with an empty one', () => {
    const untitled = {...extra, hierarchy: {...extra.hierarchy, lvl1: null}};
    assert.deepEqual(answerFrom(reading('what else is there', [ranked(untitled, 1)], {else: 1})).closest, [
      {url: `${SITE}/docs/concepts/extra`, title: '', breadcrumb: ['Concepts', '']},
    ]);
  });

  test('a question with a word the docs lack is not answered, however well other sections rank: it gets the closest pages', () => {
    const sections = [ranked(runs, 10)];
    const answer = answerFrom(
      reading('how do I run an app on kubernetes', sections, {run: 1, app: 1}, {plan: planLacking('kubernetes'), nearby: [ranked(deploy, 3)]}),
    );
    assert.deepEqual(answer, {
      question: 'how do I run an app on kubernetes',
      found: false,
      lead: null,
      blocks: [],
      sources: [],
      closest: [{url: `${SITE}/docs/guides/deploy`, title: 'Deploy', breadcrumb: ['Guides', 'Deploy']}],
    });
  });
});

describe('Ask AI: which pages the browser loads before it answers', () => {
  const pages = ['a', 'b', 'c', 'd', 'e'].map((name) =>
    page(`/docs/guides/${name}`, `Page ${name}`, [
      {heading: `Page ${name}`, blocks: ['One.']},
      {heading: 'Two', blocks: ['Two.']},
    ]),
  );
  const [a1, a2, b1, , c1, , d1, d2, e1, , ,] = recordsOf(...pages);

  test('the sections of the first ANSWER.pagesToRead pages, best first, stopping at the first section of another page', () => {
    const sections = [a1, b1, a2, c1, d1, e1, d2].map((record, i) => ranked(record, 10 - i));
    assert.deepEqual(
      sectionsToRead(reading('anything', sections, {one: 1})).map((entry) => entry.record),
      [a1, b1, a2, c1, d1],
    );
  });

  test('none for a question with a word the docs lack', () => {
    assert.deepEqual(sectionsToRead(reading('anything on kubernetes', [ranked(a1, 1)], {one: 1}, {plan: planLacking('kubernetes')})), []);
  });
});

describe('Ask AI: a section read as text only', () => {
  test('its lines are its paragraphs; blank lines are not units, so neighbours stay neighbours', () => {
    const [record] = recordsOf(
      page('/docs/guides/handbook', 'Handbook', [{heading: 'Handbook', text: 'Rotate secrets every 90 days.\n   \nKeep them in the vault.\n\nNothing else.'}]),
    );
    const answer = answerFrom(reading('how often do secrets rotate', [ranked(record, 10)], {rotate: 4, vault: 1.5}));
    assert.deepEqual(answer.blocks, ['Rotate secrets every 90 days.', 'Keep them in the vault.']);
  });
});

describe('Ask AI: how a question is read (a small index built in memory)', () => {
  const text = (heading: string, words: string): SectionSpec => ({heading, blocks: [words]});
  const engine = SearchEngine.fromRecords(
    recordsOf(
      page(
        '/docs/concepts/runs',
        'Runs',
        [
          text('Runs', 'A run is one execution of an app. Runs execute apps; runs execute code; runs execute jobs.'),
          text('Run statuses', 'A run ends as succeeded, failed or crashed.'),
          text('Where Tower runs', 'They execute in Tower cloud or on a self-hosted runner.'),
          text('Cancel a run', 'Cancel a run with tower apps cancel.'),
        ],
        {trail: ['Concepts'], kind: 'concept'},
      ),
      page('/docs/guides/runners', 'Self-hosted runners', [text('Self-hosted runners', 'Cancel the runner before you upgrade it.')]),
      page('/docs/guides/deploy', 'Deploy', [
        text('Deploy', 'Deploy an app with tower deploy.'),
        text('Deploy to production', 'Set the environment to production when you deploy.'),
        text('Promote an app', 'Promote an app to production after you deploy it.'),
      ]),
      page('/docs/concepts/orchestration', 'Orchestration', [text('Orchestration', 'Orchestration runs apps in order.')], {
        trail: ['Concepts'],
        kind: 'concept',
      }),
      page('/docs/guides/parameters', 'Parameters', [
        text('Parameters', 'A run takes parameters.'),
        text('Null values', 'A parameter left empty is null in the run.'),
      ]),
      page('/docs/guides', 'Guides', [text('Guides', 'Deploy apps, cancel runs, execute runners.')], {trail: [], kind: 'category'}),
    ),
  );
  const urls = (entries: Ranked[]) => entries.map((entry) => entry.record.url.replace(SITE, ''));
  /** The engine's own ranking of a question, as Ask AI asks for it. */
  const rankedByEngine = (question: string) => engine.rank(question, undefined, {minShare: ANSWER.share, complete: true});

  test('a heading that echoes the question word ("Where Tower runs" for "where …") counts ANSWER.askedBoost more', () => {
    const question = 'where do runs execute';
    const base = new Map(rankedByEngine(question).map((entry) => [entry.record.url, entry.score]));
    const read = readQuestion(engine, question).ranked;
    assert.notEqual(urls(rankedByEngine(question))[0], '/docs/concepts/runs#where-tower-runs', 'the boost is what puts it first');
    assert.equal(urls(read)[0], '/docs/concepts/runs#where-tower-runs');
    for (const entry of read) {
      const boost = entry.record.hierarchy.lvl2 === 'Where Tower runs' ? ANSWER.askedBoost : 1;
      assert.equal(entry.score, (base.get(entry.record.url) ?? NaN) * boost, entry.record.url);
    }
    assert.deepEqual(
      read.map((entry) => entry.score),
      read.map((entry) => entry.score).sort((a, b) => b - a),
    );
    assert.equal(readQuestion(engine, '  Where do runs execute').ranked[0].record.url, `${SITE}/docs/concepts/runs#where-tower-runs`);
  });

  test('the question word counts only at the start, and a question with none boosts no heading', () => {
    // "what decides where runs execute" asks what; "what is a null parameter" asks no question word a heading can echo.
    for (const question of ['what decides where runs execute', 'what is a null parameter']) {
      assert.deepEqual(
        readQuestion(engine, question).ranked.map((entry) => [entry.record.url, entry.score]),
        rankedByEngine(question)
          .filter((entry) => entry.record.kind !== 'category')
          .map((entry) => [entry.record.url, entry.score]),
      );
    }
    assert.ok(urls(rankedByEngine('what is a null parameter')).includes('/docs/guides/parameters#null-values'));
  });

  test("the question's terms are its words and the docs' words for them, weighed by what finding each tells; not typos", () => {
    const {wanted} = readQuestion(engine, 'how do I execute an app');
    assert.deepEqual(
      [...wanted],
      [
        ['execut', engine.informativeness('execut')],
        ['run', EXPANSION_WEIGHT.synonym * engine.informativeness('run')],
        ['app', engine.informativeness('app')],
      ],
    );
    assert.deepEqual([...readQuestion(engine, 'how do I cancle a run').wanted.keys()], ['run'], '"cancle" is only a typo of "cancel"');
  });

  test('a question is read as asked in full: its last word is not the start of a longer one', () => {
    assert.deepEqual(urls(readQuestion(engine, 'how do I cancel a run').ranked), ['/docs/concepts/runs#cancel-a-run'], 'not "runner"');
    assert.equal(answerQuestion(engine, 'how do I deploy an app to production').found, true);
    const cut = answerQuestion(engine, 'how do I deploy an app to production with orchestrati');
    assert.equal(cut.found, false, '"orchestrati" is a word the docs lack, not the start of "orchestration"');
  });

  test('a section with most of the words (ANSWER.share) is a candidate; a category page never is', () => {
    assert.deepEqual(urls(readQuestion(engine, 'deploy an app to production').ranked), [
      '/docs/guides/deploy#promote-an-app',
      '/docs/guides/deploy#deploy-to-production',
      '/docs/guides/deploy',
    ]);
  });

  test('for a word the docs lack, the closest pages are those of the words they have; never a category page', () => {
    const closest = (question: string) => answerQuestion(engine, question).closest.map((source) => source.url);
    /** The first pages the engine ranks for some words, category pages left out. */
    const pagesFor = (words: string) => [
      ...new Set(
        engine
          .rank(words)
          .filter((entry) => entry.record.kind !== 'category')
          .map((entry) => entry.record.url_without_anchor),
      ),
    ];
    assert.ok(urls(engine.rank('deploy')).includes('/docs/guides'), 'the category page has the word');
    assert.deepEqual(closest('how do I deploy to kubernetes'), pagesFor('deploy'));
    assert.deepEqual(closest('how do I deploy apps to kubernetes'), pagesFor('deploy apps').slice(0, ANSWER.closestPages));
    assert.equal(pagesFor('deploy apps').length, ANSWER.closestPages, 'pages with only one of the two words are among them');
    assert.equal(answerQuestion(engine, 'how do I deploy apps to kubernetes').found, false);
  });

  test('a time or a number the docs do not have is not a word they lack', () => {
    const answer = answerQuestion(engine, 'how do I deploy an app to production at 9am');
    assert.equal(answer.found, true);
    assert.deepEqual(
      answer.sources.map((source) => source.url),
      [`${SITE}/docs/guides/deploy#promote-an-app`],
    );
  });
});
