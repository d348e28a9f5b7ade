/**
 * The reader's words and the docs' words. Readers ask in their own words
 * ("get an alert when my job breaks", "can Tower run inside my own VPC"); the
 * docs say "alert", "webhook", "crashed", "self-hosted runner". Each entry of
 * READER_WORDS maps what readers type to words the docs use:
 *
 * - a single word adds the docs' words to what that word finds, a little
 *   below the word itself ("credentials" also finds "secret");
 * - a phrase (several words, in any order in the query, stop words left out)
 *   stands for one thing the reader means: its words are read as that thing,
 *   and the docs' words are what a section must have for it ("try again"
 *   is "retry"; "own VPC" is a self-hosted runner).
 *
 * One direction only: "credentials" finds secrets, but "secrets" does not
 * pull in every page about runner or catalog credentials. Every docs word is
 * checked to be in the docs' vocabulary, and every entry has an example
 * question that must find its page (plugins/search-index/reader-word-examples.ts,
 * kept out of the browser's bundle; relevance.test.ts runs them): add an
 * entry when readers ask for something in words the docs do not use, with an
 * example that fails without it.
 *
 * QUESTION_SHAPE_WORDS are words that shape a question without naming what it
 * is about ("how do I get", "the difference between"): a section need not
 * have them to answer it.
 */
export type ReaderWords = {
  /** What readers type: words, or phrases whose words may come in any order. */
  reader: string[];
  /** The docs' own words for it (each one a word the docs use). */
  docs: string[];
};

export const READER_WORDS: ReaderWords[] = [
  // Starting and stopping things
  {
    reader: ['trigger', 'launch', 'invoke', 'kick'],
    docs: ['start', 'run'],
  },
  {reader: ['execute'], docs: ['run']},
  {reader: ['stop', 'kill', 'abort'], docs: ['cancel']},
  {
    reader: ['pause', 'suspend', 'turn off'],
    docs: ['deactivate', 'disable', 'disabled'],
  },
  {reader: ['resume', 'unpause'], docs: ['activate']},
  {
    reader: ['try again', 'retry', 'rerun', 're-run', 'run again', 'second attempt'],
    docs: ['retry', 'retries', 'attempt'],
  },
  {
    reader: ['still running', 'still going', 'overlapping', 'at the same time', 'previous run'],
    docs: ['overlap', 'overlap_policy'],
  },
  {
    reader: ['several runs', 'multiple runs', 'parallel runs', 'parallel'],
    docs: ['wait_for_runs', 'fan-out', 'parallel'],
  },
  {
    reader: ['schedule started', 'started by schedule', 'scheduled or manual', 'manual or scheduled'],
    docs: ['is_scheduled_run', 'is_manual_run', 'initiator'],
  },
  {
    reader: ['every environment', 'all environments', 'each environment'],
    docs: ['--all', 'every'],
  },
  {
    reader: ['without waiting', 'not wait', 'in the background', 'fire and forget', 'return immediately'],
    docs: ['--detached', 'detached'],
  },
  {
    reader: ['timeout', 'time limit', 'taking too long', 'takes too long', 'runs too long', 'limit how long'],
    docs: ['running_timeout', 'pending_timeout', 'timeout'],
  },

  // Where and how code runs
  {
    reader: ['laptop', 'machine', 'computer', 'pc', 'locally', 'offline'],
    docs: ['--local', 'local', 'machine'],
  },
  {
    reader: ['own vpc', 'own cloud', 'own account', 'own infrastructure', 'own servers', 'on-prem', 'premises', 'private network', 'self host'],
    docs: ['self-hosted', 'vpc', 'private'],
  },
  {
    reader: ['see my data', 'access my data', 'read my data', 'touch my data', 'data leave', 'store my data'],
    docs: ['plane', 'control'],
  },
  {
    reader: ['employee', 'staff', 'insider'],
    docs: ['plain', 'readable', 'decrypted'],
  },
  {
    reader: ['internet', 'outside', 'public url', 'expose', 'publicly', 'incoming'],
    docs: ['inbound', 'reachable', 'externally'],
  },
  {
    reader: ['firewall', 'whitelist'],
    docs: ['allowlist', 'egress'],
  },

  // Failures and notifications
  {
    reader: ['breaks', 'broke', 'broken', 'fail', 'failure', 'fails'],
    docs: ['crash', 'crashed', 'error', 'errored', 'failed'],
  },
  {
    reader: ['notify', 'notified', 'notification', 'slack', 'pagerduty', 'ping', 'email'],
    docs: ['alert', 'webhook'],
  },
  {reader: ['job'], docs: ['run', 'app']},
  {
    reader: ['came from', 'really from', 'authentic', 'genuine', 'spoofed', 'forged'],
    docs: ['signature', 'verify'],
  },
  {
    reader: ['many', 'metrics', 'success rate', 'failure rate'],
    docs: ['statistics', 'stats'],
  },

  // Output, logs, hidden values
  {
    reader: ['output', 'print', 'printed', 'stdout', 'stderr'],
    docs: ['log', 'logs'],
  },
  {
    reader: ['hide', 'mask', 'conceal', 'redact', 'keep from showing', 'not show'],
    docs: ['hidden', 'masked'],
  },

  // Setting things up
  {reader: ['set'], docs: ['create']},
  {reader: ['add', 'make'], docs: ['create']},
  {reader: ['remove', 'erase', 'drop'], docs: ['delete']},
  {reader: ['download', 'setup'], docs: ['install']},
  {
    reader: ['upgrade', 'update', 'newest', 'latest version'],
    docs: ['upgrade', 'install', 'update'],
  },
  {reader: ['brew', 'mac', 'macos', 'osx'], docs: ['homebrew']},
  {
    reader: ['terminal', 'shell', 'console'],
    docs: ['cli', 'command-line'],
  },
  {
    reader: ['share code', 'shared code', 'share module', 'common code', 'shared library', 'reuse code'],
    docs: ['import_paths', 'import'],
  },
  {
    reader: ['too large', 'too big', 'size limit', 'package size', 'big', 'huge', 'max size', 'maximum size'],
    docs: ['size', 'mib', 'limit'],
  },

  // Names for Tower's things
  {
    reader: ['cron', 'recurring', 'periodic', 'daily', 'hourly', 'weekly', 'nightly', 'every day', 'every hour'],
    docs: ['schedule'],
  },
  {reader: ['timezone'], docs: ['utc']},
  {
    reader: ['api token', 'access token', 'auth token'],
    docs: ['secret', 'token'],
  },
  {
    reader: ['credential', 'password', 'token'],
    docs: ['secret'],
  },
  {
    reader: ['argument', 'arg', 'input'],
    docs: ['parameter'],
  },
  {reader: ['env'], docs: ['environment']},
  {reader: ['another'], docs: ['other']},
  {
    reader: ['llm', 'ai model', 'gpt', 'language model', 'large language model'],
    docs: ['model', 'llms'],
  },
  {
    reader: ['dataframe', 'data frame', 'pandas'],
    docs: ['polars', 'pyarrow'],
  },
  {
    reader: ['colleague', 'coworker', 'co-worker', 'teammate'],
    docs: ['member', 'invite'],
  },
  {reader: ['organization', 'org', 'company'], docs: ['team']},
  {reader: ['leak', 'leaked', 'compromised'], docs: ['revoke', 'rotate']},
  {reader: ['repo'], docs: ['repository']},
  {
    reader: ['auth', 'signin'],
    docs: ['authentication', 'login'],
  },
  {reader: ['publish', 'ship', 'release'], docs: ['deploy', 'version']},
  {
    reader: ['coding agent', 'ai assistant', 'assistant', 'copilot'],
    docs: ['mcp'],
  },
];

/**
 * Words that shape a question without naming what it is about ("the
 * difference between A and B", "what do I need to…", "how do I get…"): a
 * section need not contain them to answer it, and they count only a little
 * when it does.
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
  'allowed',
  'use',
  'using',
  'get',
  'goes',
  'go',
  'going',
  'see',
  'view',
  'show',
  'look',
  'someone',
  'somebody',
  'one',
  'set',
  'make',
  'keep',
  'let',
  'give',
  'take',
  'put',
  'know',
  'tell',
  'find',
  'happen',
  'happens',
  'still',
  'really',
  'actually',
  'exactly',
  'anything',
  'something',
  'thing',
  'instead',
  'also',
  'just',
  'inside',
  'work',
  'works',
  'try',
  'up',
  'out',
  'once',
  'whether',
  'longer',
  'no',
  'two',
  'recently',
  'currently',
  'right',
  'away',
  'now',
  'ever',
  'through',
  'via',
  'choose',
  'pick',
  'decide',
  'select',
  'because',
  'since',
  'while',
  'without',
  // "what statuses can a run have": the verb only carries the question.
  'have',
  'has',
];
