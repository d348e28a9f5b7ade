/**
 * Words readers type for things the docs name otherwise. Each entry maps a
 * reader's word to the docs' own words for it (every target is a word the
 * docs use); a query finds the docs' word too, a little below an exact match.
 * One direction only: "credentials" finds secrets, but "secrets" does not
 * pull in every page about runner or catalog credentials.
 */
const READER_WORDS: Record<string, string[]> = {
  trigger: ['start', 'run'],
  launch: ['start', 'run'],
  invoke: ['run', 'start'],
  kick: ['start'],
  execute: ['run'],
  another: ['other'],
  llm: ['model'],
  remove: ['delete'],
  erase: ['delete'],
  add: ['create'],
  make: ['create'],
  download: ['install'],
  setup: ['install'],
  upgrade: ['install', 'update'],
  cron: ['schedule'],
  recurring: ['schedule'],
  periodic: ['schedule'],
  timezone: ['utc'],
  credential: ['secret'],
  password: ['secret'],
  token: ['secret'],
  argument: ['parameter'],
  arg: ['parameter'],
  input: ['parameter'],
  env: ['environment'],
  output: ['log'],
  print: ['log'],
  stdout: ['log'],
  fail: ['crash', 'error'],
  failure: ['crash', 'error'],
  stop: ['cancel'],
  kill: ['cancel'],
  pause: ['deactivate', 'disable'],
  resume: ['activate'],
  whitelist: ['allowlist'],
  firewall: ['allowlist', 'egress'],
  locally: ['--local'],
  organization: ['team'],
  org: ['team'],
  repo: ['repository'],
  auth: ['authentication', 'login'],
  signin: ['login'],
  publish: ['deploy'],
  ship: ['deploy'],
  release: ['deploy', 'version'],
};

/**
 * Words that shape a question without naming what it is about ("the
 * difference between A and B", "what do I need to…"): a section need not
 * contain them to answer it.
 */
export const QUESTION_SHAPE_WORDS = [
  'difference',
  'differ',
  'compare',
  'comparison',
  'versus',
  'vs',
  'need',
  'want',
  'way',
  'possible',
  'able',
  'use',
  'using',
  'get',
  'goes',
  'go',
  'see',
  'view',
  'show',
  'look',
  'someone',
  'somebody',
  'one',
];

export type SynonymTable = Map<string, string[]>;

/** The table with every word turned into its index term by `toTerm` (stems, identifiers kept). */
export function synonymTable(toTerm: (word: string) => string | null): SynonymTable {
  const table: SynonymTable = new Map();
  for (const [word, targets] of Object.entries(READER_WORDS)) {
    const key = toTerm(word);
    if (!key) continue;
    const terms = targets.map(toTerm).filter((term): term is string => Boolean(term) && term !== key);
    table.set(key, [...new Set([...(table.get(key) ?? []), ...terms])]);
  }
  return table;
}
