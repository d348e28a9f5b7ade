/**
 * How the search reads a reader's query (src/search/query.ts): which index
 * terms each word stands for and how much each counts (the word itself, the
 * words it begins, near misses, the docs' words for it, the phrases that name
 * one thing), and what the query is after (its intent), which decides the kind
 * of page that comes first. Every vocabulary here is a handful of terms made
 * by hand, so the file runs in a blink and is the first of
 * `npm run bench:mutation -- --mutate src/search/query.ts`.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {planQuery, typosAllowed, Vocabulary, type IntentHints, type PlanOptions, type QueryPlan} from '../../src/search/query';
import {EXPANSION_WEIGHT, OPTIONAL_WEIGHT, QUERY_WORDS, prefixWeight} from '../../src/search/ranking';
import {stemOf, wordsOf} from '../../src/search/text';

const NO_OPERATIONS: IntentHints = {operations: []};

/** Operations as the index builder describes them: names are the terms of the title and of the id. */
function operation(id: string, title: string, endpoint: string): IntentHints['operations'][number] {
  const terms = (text: string) => wordsOf(text).flatMap((word) => word.stems);
  return {id, names: [terms(title), terms(id.replaceAll('-', ' '))], endpoint};
}

const HINTS: IntentHints = {
  operations: [
    operation('list-apps', 'List apps', 'GET /apps'),
    operation('create-app', 'Create app', 'POST /apps'),
    operation('list-schedules', 'List schedules', 'GET /schedules'),
    operation('describe-run-logs', 'Get run logs', 'GET /apps/{name}/runs/{seq}/logs'),
  ],
};

function plan(query: string, terms: string[], options: PlanOptions = {}): QueryPlan {
  return planQuery(query, new Vocabulary(terms), NO_OPERATIONS, options);
}

type Planned = {text: string; required: boolean; expansions: Array<[string, number]>};

/** A plan's words with their expansions as [term, weight], sorted by term, duplicates kept (so they show). */
function words(query: string, terms: string[], options: PlanOptions = {}): Planned[] {
  return plan(query, terms, options).words.map(({text, required, expansions}) => ({
    text,
    required,
    expansions: expansions.map(({term, weight}): [string, number] => [term, weight]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  }));
}

/** The expansions of a one-word query. */
function expansionsOf(query: string, terms: string[], options: PlanOptions = {}): Array<[string, number]> {
  const planned = words(query, terms, options);
  assert.equal(planned.length, 1, `${query} is one word: ${JSON.stringify(planned)}`);
  return planned[0].expansions;
}

const COMPLETE: PlanOptions = {complete: true};

describe('the vocabulary: exact, prefix and near-miss lookups', () => {
  const vocabulary = new Vocabulary(['scheduled_at', 'run', 'schedul', 'schedulers', 'schedule', 'sched', 'apply']);

  test('a prefix finds the longer terms it begins, shortest first, never itself', () => {
    assert.deepEqual(vocabulary.completions('sched'), ['schedul', 'schedule', 'schedulers', 'scheduled_at']);
    assert.deepEqual(vocabulary.completions('run'), []);
    assert.deepEqual(vocabulary.completions('zz'), []);
  });

  test('completions stop at the limit, keeping the shortest', () => {
    assert.deepEqual(vocabulary.completions('sched', 2), ['schedul', 'schedule']);
  });

  test('near misses: each term at its smallest distance from any form, the only term of its length included', () => {
    const near = new Vocabulary(['secrets', 'secret', 'run', 'secretsx']).near(['secrets', 'secretsxy'], 2);
    assert.deepEqual(
      [...near].sort(([a], [b]) => (a < b ? -1 : 1)),
      [
        ['secret', 1],
        ['secrets', 0],
        ['secretsx', 1],
      ],
    );
  });

  test('no typo allowed finds nothing, not even the word itself', () => {
    assert.equal(new Vocabulary(['secret']).near(['secret'], 0).size, 0);
  });

  test('typos forgiven: none up to four letters, one from five, two from nine', () => {
    assert.deepEqual([4, 5, 8, 9].map(typosAllowed), [0, 1, 1, 2]);
  });
});

describe('what a query is after (intent) and the operations it names', () => {
  const intentOf = (query: string) => planQuery(query, new Vocabulary([]), HINTS);
  const cases: Array<[string, string, string[]]> = [
    // A method and a path that are the whole query name that operation, however typed.
    ['GET /apps', 'operation', ['list-apps']],
    ['get /apps', 'operation', ['list-apps']],
    ['  get  /apps  ', 'operation', ['list-apps']],
    ['post /apps', 'operation', ['create-app']],
    // Inside a longer query they are about operations but name none.
    ['call get /apps', 'operation', []],
    ['get /apps then filter', 'operation', []],
    ['get  / apps', 'operation', []],
    ['/apps runs', 'operation', []],
    ['list /schedules', 'operation', []],
    // An operation's id, or its name in its own words and order, with or without "api" and the like.
    ['create-app', 'operation', ['create-app']],
    ['list schedules', 'operation', ['list-schedules']],
    ['list schedules api', 'operation', ['list-schedules']],
    ['list schedules endpoint', 'operation', ['list-schedules']],
    ['list schedules operation', 'operation', ['list-schedules']],
    ['list schedules http', 'operation', ['list-schedules']],
    ['list schedules rest', 'operation', ['list-schedules']],
    ['list schedules request', 'operation', ['list-schedules']],
    ['describe run logs', 'operation', ['describe-run-logs']],
    ['get run logs', 'operation', ['describe-run-logs']],
    ['schedules list', 'topic', []],
    ['cancel run', 'topic', []],
    ['list runs', 'topic', []],
    ['list schedules daily', 'topic', []],
    // An identifier makes the query about that identifier, even beside an operation's name.
    ['list schedules --json', 'identifier', []],
    ['tower run_app', 'identifier', []],
    // "tower" and a word: a CLI command.
    ['tower deploy', 'command', []],
    ['  tower deploy', 'command', []],
    ['tower  deploy', 'command', []],
    ['tower is', 'topic', []],
    ['install tower cli', 'topic', []],
    // Questions: a question word first, a question mark last, or a task said in the first person.
    ['how to deploy', 'question', []],
    ['  how to deploy', 'question', []],
    ['deploy an app?', 'question', []],
    ['deploy an app? ', 'question', []],
    ['store my password', 'question', []],
    ['show logs', 'topic', []],
    ['runs?status=failed', 'topic', []],
    // Naming the HTTP API, not an API key or token.
    ['how to call the api', 'api', []],
    ['which endpoint lists runs', 'api', []],
    ['how to create an api key', 'question', []],
    ['how to create an api token', 'question', []],
    ['how to create an api-key', 'question', []],
    ['how to create an api - key', 'question', []],
    ['schedules api', 'api', []],
    ['api', 'topic', []],
  ];
  for (const [query, intent, operations] of cases) {
    test(`"${query}" is read as ${intent}${operations.length ? ` naming ${operations.join(', ')}` : ''}`, () => {
      const planned = intentOf(query);
      assert.equal(planned.intent, intent);
      assert.deepEqual(planned.operations, operations);
    });
  }

  test('a definition question is "what is" or "what are" and at most two words, with an article and a question mark or not', () => {
    const defining = [
      'what is an app',
      "what's a runner",
      '  what is an app',
      'what  is a run',
      'what  are runs',
      'what is  a run',
      'what is tower.info',
      'what is a self-hosted runner',
      'what is an api key',
      'what is a  self-hosted runner',
      'what is the control plane',
      'what is the  control plane',
      'what is the control  plane',
      'what is an app?',
      'what is an app ?',
      'what is an app? ',
    ];
    const notDefining = ['so what is an app', 'what is an environment for my team', 'how is an app built'];
    assert.deepEqual(
      defining.filter((query) => !intentOf(query).defines),
      [],
    );
    assert.deepEqual(
      notDefining.filter((query) => intentOf(query).defines),
      [],
    );
  });
});

describe('plain words: the terms each stands for', () => {
  test('a word the docs use counts fully; a word that only shapes the question counts a fifth and is optional', () => {
    assert.deepEqual(words('get logs', ['get', 'log'], COMPLETE), [
      {text: 'get', required: false, expansions: [['get', OPTIONAL_WEIGHT]]},
      {text: 'logs', required: true, expansions: [['log', 1]]},
    ]);
  });

  test('a word typed twice is read once', () => {
    assert.deepEqual(
      words('app apps', ['app'], COMPLETE).map((word) => word.text),
      ['app'],
    );
  });

  test("a reader's word adds the docs' word: below itself when the docs use it, in its place when not, never a term the index lacks", () => {
    assert.deepEqual(expansionsOf('credentials', ['secret'], COMPLETE), [['secret', EXPANSION_WEIGHT.concept]]);
    assert.deepEqual(expansionsOf('credentials', ['credenti', 'secret'], COMPLETE), [
      ['credenti', 1],
      ['secret', EXPANSION_WEIGHT.synonym],
    ]);
    assert.deepEqual(expansionsOf('credentials', ['credenti'], COMPLETE), [['credenti', 1]]);
  });

  test("the docs' words may be identifiers (laptop: --local)", () => {
    const concept = EXPANSION_WEIGHT.concept;
    assert.deepEqual(expansionsOf('laptop', ['--local', 'local', 'machin'], COMPLETE), [
      ['--local', concept],
      ['local', concept],
      ['machin', concept],
    ]);
  });

  test("a reader's word that is an identifier (on-prem, re-run) finds the docs' words", () => {
    const synonym = EXPANSION_WEIGHT.synonym;
    assert.deepEqual(expansionsOf('on-prem', ['self-hosted', 'vpc'], COMPLETE), [
      ['self-hosted', synonym],
      ['vpc', synonym],
    ]);
    assert.deepEqual(expansionsOf('re-run', ['retri', 'attempt'], COMPLETE), [
      ['attempt', synonym],
      ['retri', synonym],
    ]);
  });

  test("a phrase's first word alone is only itself (own is not own VPC)", () => {
    assert.deepEqual(expansionsOf('own', ['own', 'self-hosted', 'vpc', 'privat'], COMPLETE), [['own', 1]]);
  });

  test('each term is offered once, at the strongest weight any reading gives it', () => {
    // env: the docs word "environment" (concept) is also a completion of "env" (weaker): it stays a concept.
    assert.deepEqual(expansionsOf('env', ['environ']), [['environ', EXPANSION_WEIGHT.concept]]);
    // schedu: "schedul" is a completion, then one typo away (stronger): it becomes a typo.
    assert.deepEqual(expansionsOf('schedu', ['schedul']), [['schedul', EXPANSION_WEIGHT.typo]]);
  });
});

describe('words being typed: completions and words typed past their stem', () => {
  const terms = ['app', 'apply', 'deploy', 'deployment'];

  test('only the last word, while typing, is also the start of longer words', () => {
    assert.deepEqual(words('app deploy', terms), [
      {text: 'app', required: true, expansions: [['app', 1]]},
      {
        text: 'deploy',
        required: true,
        expansions: [
          ['deploy', 1],
          ['deployment', prefixWeight(6, 10)],
        ],
      },
    ]);
    assert.deepEqual(expansionsOf('deploy', terms, COMPLETE), [['deploy', 1]]);
  });

  test('two letters are not completed', () => {
    assert.deepEqual(words('deploy ap', terms)[1], {text: 'ap', required: true, expansions: []});
  });

  test('a word the index lacks is completed wherever it is, digits and all (oauth2)', () => {
    assert.deepEqual(words('oauth2 login', ['oauth2client', 'login'], COMPLETE)[0].expansions, [['oauth2client', prefixWeight(6, 12)]]);
  });

  test('the last word typed past its stem stands for the longest term it begins (orchestratio: orchestr)', () => {
    assert.deepEqual(expansionsOf('orchestratio', ['orchestr', 'orch']), [['orchestr', EXPANSION_WEIGHT.prefix]]);
  });

  test('a term under three fifths of what is typed does not stand for it (orchestrati is not orch)', () => {
    assert.deepEqual(expansionsOf('orchestrati', ['orch']), []);
  });

  test('a word before the last is not shortened to a term it begins', () => {
    assert.deepEqual(words('orchestratio deploy', ['orchestr', 'deploy'])[0].expansions, []);
  });

  test('a word longer than any stemmed word (a hash) is not shortened; one at the longest is', () => {
    const base = `sha${'1'.repeat(27)}`;
    assert.deepEqual(expansionsOf(base + '2'.repeat(10), [base]), [[base, EXPANSION_WEIGHT.prefix]]);
    assert.deepEqual(expansionsOf(base + '2'.repeat(11), [base]), []);
  });
});

describe('near misses', () => {
  test('one typo counts more than two (postgresql16)', () => {
    assert.deepEqual(expansionsOf('postgresql16', ['postgresql15', 'postgres16'], COMPLETE), [
      ['postgres16', EXPANSION_WEIGHT.secondTypo],
      ['postgresql15', EXPANSION_WEIGHT.typo],
    ]);
  });

  test('a word the docs use is not also read as its near misses (python3 is not python2)', () => {
    assert.deepEqual(expansionsOf('python3', ['python3', 'python2'], COMPLETE), [['python3', 1]]);
  });

  test("a reader's word with a docs word is read as that, not as a near miss (passwords: secret, not passport)", () => {
    assert.deepEqual(expansionsOf('passwords', ['secret', 'passport'], COMPLETE), [['secret', EXPANSION_WEIGHT.concept]]);
  });

  test('near misses are looked up for a bounded number of words of one query', () => {
    const count = QUERY_WORDS.typoLookups + 1;
    const numbered = Array.from({length: count}, (_, i) => `term${String(i).padStart(2, '0')}`);
    const planned = words(numbered.map((term) => `${term}x`).join(' '), numbered, COMPLETE);
    assert.equal(planned.length, count);
    planned.forEach((word, i) => {
      assert.deepEqual(word.expansions, i < QUERY_WORDS.typoLookups ? [[numbered[i], EXPANSION_WEIGHT.typo]] : [], word.text);
    });
  });

  test('words past the longest question a reader asks are ignored', () => {
    const query = `${'app '.repeat(QUERY_WORDS.read)}deploy`;
    assert.deepEqual(
      words(query, ['app', 'deploy'], COMPLETE).map((word) => word.text),
      ['app'],
    );
  });
});

describe('phrases: several words that name one thing the docs call otherwise', () => {
  test('a phrase is read as one required word standing for the docs words the index has; its words and stop words are not read again', () => {
    assert.deepEqual(words('deploy fire and forget', ['deploy', 'detach', 'fire', 'forget'], COMPLETE), [
      {text: 'fire forget', required: true, expansions: [['detach', EXPANSION_WEIGHT.concept]]},
      {text: 'deploy', required: true, expansions: [['deploy', 1]]},
    ]);
  });

  test('the longest phrase is read first (large language model, not language model and large)', () => {
    assert.deepEqual(words('large language model', ['model', 'llms', 'larg', 'languag', 'size'], COMPLETE), [
      {
        text: 'large language model',
        required: true,
        expansions: [
          ['llms', EXPANSION_WEIGHT.concept],
          ['model', EXPANSION_WEIGHT.concept],
        ],
      },
    ]);
  });

  test('a phrase whose docs words the index lacks is read word by word', () => {
    assert.deepEqual(
      words('fire and forget', ['fire', 'forget'], COMPLETE).map((word) => word.text),
      ['fire', 'forget'],
    );
  });
});

describe('identifiers: whole, by their parts after a dot, their members, their near misses', () => {
  test('a dotted name counts whole, and a little less by what follows the dot', () => {
    assert.deepEqual(words('tower.run_app', ['tower.run_app', 'run_app'], COMPLETE), [
      {
        text: 'tower.run_app',
        required: true,
        expansions: [
          ['run_app', EXPANSION_WEIGHT.identifierPart],
          ['tower.run_app', 1],
        ],
      },
    ]);
  });

  test('an identifier finds its members always, other completions only while typed', () => {
    const terms = ['tower.info', 'tower.info.run_id', 'tower.infos'];
    assert.deepEqual(expansionsOf('tower.info', terms), [
      ['tower.info', 1],
      ['tower.info.run_id', EXPANSION_WEIGHT.member],
      ['tower.infos', EXPANSION_WEIGHT.prefix],
    ]);
    assert.deepEqual(expansionsOf('tower.info', terms, COMPLETE), [
      ['tower.info', 1],
      ['tower.info.run_id', EXPANSION_WEIGHT.member],
    ]);
  });

  test('an identifier the docs lack finds its near misses, one typo counting more than two', () => {
    assert.deepEqual(expansionsOf('tower.run_ap', ['tower.run_app'], COMPLETE), [['tower.run_app', EXPANSION_WEIGHT.typo]]);
    assert.deepEqual(expansionsOf('tower.rn_ap', ['tower.run_app'], COMPLETE), [['tower.run_app', EXPANSION_WEIGHT.secondTypo]]);
  });

  test('an identifier the docs have is not also read as its near misses', () => {
    assert.deepEqual(expansionsOf('run_app', ['run_app', 'run_apps'], COMPLETE), [['run_app', 1]]);
  });

  test('an identifier typed twice is read once', () => {
    assert.equal(words('run_app or run_app', ['run_app'], COMPLETE).length, 1);
  });

  test('an identifier the docs never mention is read by its parts, only the last one completed while typing', () => {
    const terms = ['app', 'apply', 'deploy', 'deployment'];
    assert.deepEqual(words('app_deploy', terms), [
      {text: 'app', required: true, expansions: [['app', 1]]},
      {
        text: 'deploy',
        required: true,
        expansions: [
          ['deploy', 1],
          ['deployment', prefixWeight(6, 10)],
        ],
      },
    ]);
    assert.deepEqual(
      words('app_deploy', terms, COMPLETE).map((word) => word.expansions),
      [[['app', 1]], [['deploy', 1]]],
    );
  });
});

test('the stems these cases rely on', () => {
  // The vocabularies above are written as index terms (stems); this pins the few that are not plain words.
  assert.deepEqual(['credentials', 'machine', 'large', 'language', 'retry', 'detached', 'private'].map(stemOf), [
    'credenti',
    'machin',
    'larg',
    'languag',
    'retri',
    'detach',
    'privat',
  ]);
});
