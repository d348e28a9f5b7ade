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
 * checked to be in the docs' vocabulary, and every entry's example question
 * to find its page (plugins/search-index/relevance.test.ts): add an entry
 * when readers ask for something in words the docs do not use, with an
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
  /** A question that needs this entry, and the page (or page#section) that answers it. */
  example: {question: string; answer: string};
};

export const READER_WORDS: ReaderWords[] = [
  // Starting and stopping things
  {
    reader: ['trigger', 'launch', 'invoke', 'kick'],
    docs: ['start', 'run'],
    example: {question: 'trigger an app from another app', answer: '/docs/using-tower/orchestrate'},
  },
  {reader: ['execute'], docs: ['run'], example: {question: 'where does my code execute', answer: '/docs/intro#how-tower-runs-your-code'}},
  {reader: ['stop', 'kill', 'abort'], docs: ['cancel'], example: {question: 'kill a stuck run', answer: '/docs/concepts/runs#cancelling-a-run'}},
  {
    reader: ['pause', 'suspend', 'turn off'],
    docs: ['deactivate', 'disable', 'disabled'],
    example: {question: 'pause a schedule over the holidays', answer: '/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing'},
  },
  {reader: ['resume', 'unpause'], docs: ['activate'], example: {question: 'resume a paused schedule', answer: '/docs/using-tower/orchestrate'}},
  {
    reader: ['try again', 'retry', 'rerun', 're-run', 'run again', 'second attempt'],
    docs: ['retry', 'retries', 'attempt'],
    example: {question: 'make failed runs try again', answer: '/docs/using-tower/retries'},
  },
  {
    reader: ['still running', 'still going', 'overlapping', 'at the same time', 'previous run'],
    docs: ['overlap', 'overlap_policy'],
    example: {
      question: 'what if the previous run is still running when the schedule fires again',
      answer: '/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing',
    },
  },
  {
    reader: ['several runs', 'multiple runs', 'parallel runs', 'parallel'],
    docs: ['wait_for_runs', 'fan-out', 'parallel'],
    example: {question: 'start several runs at once and collect them', answer: '/docs/reference/tower-sdk#towerwait_for_runs'},
  },
  {
    reader: ['schedule started', 'started by schedule', 'scheduled or manual', 'manual or scheduled'],
    docs: ['is_scheduled_run', 'is_manual_run', 'initiator'],
    example: {question: 'was this run started by a schedule or by hand', answer: '/docs/using-tower/advanced'},
  },
  {
    reader: ['every environment', 'all environments', 'each environment'],
    docs: ['--all', 'every'],
    example: {question: 'deploy one version to all environments', answer: '/docs/concepts/apps#versions-and-deploys'},
  },
  {
    reader: ['without waiting', 'not wait', 'in the background', 'fire and forget', 'return immediately'],
    docs: ['--detached', 'detached'],
    example: {question: 'start a cloud run and return right away without waiting', answer: '/docs/concepts/runs#cloud-runs'},
  },
  {
    reader: ['timeout', 'time limit', 'taking too long', 'takes too long', 'runs too long', 'limit how long'],
    docs: ['running_timeout', 'pending_timeout', 'timeout'],
    example: {question: 'put a time limit on my runs', answer: '/docs/architecture/data-plane#how-runs-are-isolated'},
  },

  // Where and how code runs
  {
    reader: ['laptop', 'machine', 'computer', 'pc', 'locally', 'offline'],
    docs: ['--local', 'local', 'machine'],
    example: {question: 'test my pipeline on my laptop before deploying', answer: '/docs/using-tower/test'},
  },
  {
    reader: ['own vpc', 'own cloud', 'own account', 'own infrastructure', 'own servers', 'on-prem', 'premises', 'private network', 'self host'],
    docs: ['self-hosted', 'vpc', 'private'],
    example: {question: 'can Tower run inside my own VPC', answer: '/docs/architecture/data-plane'},
  },
  {
    reader: ['see my data', 'access my data', 'read my data', 'touch my data', 'data leave', 'store my data'],
    docs: ['plane', 'control'],
    example: {question: 'does Tower see my data', answer: '/docs/architecture/data-plane'},
  },
  {
    reader: ['employee', 'staff', 'insider'],
    docs: ['plain', 'readable', 'decrypted'],
    example: {question: 'which Tower staff can see my secrets', answer: '/docs/concepts/environments#how-secrets-are-protected'},
  },
  {
    reader: ['internet', 'outside', 'public url', 'expose', 'publicly', 'incoming'],
    docs: ['inbound', 'reachable', 'externally'],
    example: {question: 'can people open my app from the internet', answer: '/docs/architecture/networking'},
  },
  {
    reader: ['firewall', 'whitelist'],
    docs: ['allowlist', 'egress'],
    example: {question: 'firewall rules for my database', answer: '/docs/architecture/networking'},
  },

  // Failures and notifications
  {
    reader: ['breaks', 'broke', 'broken', 'fail', 'failure', 'fails'],
    docs: ['crash', 'crashed', 'error', 'errored', 'failed'],
    example: {question: 'what to do when my app breaks', answer: '/docs/using-tower/observe'},
  },
  {
    reader: ['notify', 'notified', 'notification', 'slack', 'pagerduty', 'ping', 'email'],
    docs: ['alert', 'webhook'],
    example: {question: 'get notified when a run crashes', answer: '/docs/using-tower/observe#alerts'},
  },
  {reader: ['job'], docs: ['run', 'app'], example: {question: 'get an alert when my job breaks', answer: '/docs/using-tower/observe#alerts'}},
  {
    reader: ['came from', 'really from', 'authentic', 'genuine', 'spoofed', 'forged'],
    docs: ['signature', 'verify'],
    example: {question: 'make sure a webhook call is genuine', answer: '/docs/using-tower/webhooks'},
  },
  {
    reader: ['many', 'metrics', 'success rate', 'failure rate'],
    docs: ['statistics', 'stats'],
    example: {question: 'metrics about my runs', answer: '/docs/using-tower/observe#statistics'},
  },

  // Output, logs, hidden values
  {
    reader: ['output', 'print', 'printed', 'stdout', 'stderr'],
    docs: ['log', 'logs'],
    example: {question: 'see the stdout of my app', answer: '/docs/using-tower/observe#read-logs'},
  },
  {
    reader: ['hide', 'mask', 'conceal', 'redact', 'keep from showing', 'not show'],
    docs: ['hidden', 'masked'],
    example: {question: 'mask a parameter value', answer: '/docs/concepts/apps#hidden-parameters'},
  },

  // Setting things up
  {reader: ['set'], docs: ['create'], example: {question: 'set a secret in staging', answer: '/docs/concepts/environments'}},
  {reader: ['add', 'make'], docs: ['create'], example: {question: 'add an environment', answer: '/docs/concepts/environments#managing-environments'}},
  {reader: ['remove', 'erase', 'drop'], docs: ['delete'], example: {question: 'remove a schedule', answer: '/docs/using-tower/orchestrate'}},
  {reader: ['download', 'setup'], docs: ['install'], example: {question: 'download the tower cli', answer: '/docs/getting-started/download-the-cli'}},
  {
    reader: ['upgrade', 'update', 'newest', 'latest version'],
    docs: ['upgrade', 'install', 'update'],
    example: {question: 'update the cli to the latest version', answer: '/docs/getting-started/download-the-cli#upgrade-the-cli'},
  },
  {reader: ['brew', 'mac', 'macos', 'osx'], docs: ['homebrew'], example: {question: 'install on macos', answer: '/docs/getting-started/download-the-cli'}},
  {
    reader: ['terminal', 'shell', 'console'],
    docs: ['cli', 'command-line'],
    example: {question: 'query a table from the terminal', answer: '/docs/using-tower/working-with-tables'},
  },
  {
    reader: ['share code', 'shared code', 'share module', 'common code', 'shared library', 'reuse code'],
    docs: ['import_paths', 'import'],
    example: {question: 'reuse code across several apps', answer: '/docs/using-tower/develop#share-code-between-apps-with-import-paths'},
  },
  {
    reader: ['too large', 'too big', 'size limit', 'package size', 'big', 'huge', 'max size', 'maximum size'],
    docs: ['size', 'mib', 'limit'],
    example: {question: 'deploy fails because my app is too big', answer: '/docs/reference/towerfile'},
  },

  // Names for Tower's things
  {
    reader: ['cron', 'recurring', 'periodic', 'daily', 'hourly', 'weekly', 'nightly', 'every day', 'every hour'],
    docs: ['schedule'],
    example: {question: 'run my app nightly', answer: '/docs/using-tower/orchestrate'},
  },
  {reader: ['timezone'], docs: ['utc'], example: {question: 'timezone of a cron schedule', answer: '/docs/using-tower/orchestrate'}},
  {
    reader: ['api token', 'access token', 'auth token'],
    docs: ['secret', 'token'],
    example: {question: 'where do I put an api token my app needs', answer: '/docs/using-tower/develop#parameters-and-secrets'},
  },
  {
    reader: ['credential', 'password', 'token'],
    docs: ['secret'],
    example: {question: 'store a password for my app', answer: '/docs/concepts/environments'},
  },
  {
    reader: ['argument', 'arg', 'input'],
    docs: ['parameter'],
    example: {question: 'pass arguments to my script', answer: '/docs/getting-started/quick-start#step-9-add-a-parameter'},
  },
  {reader: ['env'], docs: ['environment'], example: {question: 'create a staging env', answer: '/docs/concepts/environments'}},
  {reader: ['another'], docs: ['other'], example: {question: 'start another app from my app', answer: '/docs/using-tower/orchestrate'}},
  {
    reader: ['llm', 'ai model', 'gpt', 'language model', 'large language model'],
    docs: ['model', 'llms'],
    example: {question: 'use an llm in my app', answer: '/docs/using-tower/working-with-models'},
  },
  {
    reader: ['dataframe', 'data frame', 'pandas'],
    docs: ['polars', 'pyarrow'],
    example: {question: 'save a pandas dataframe in tower', answer: '/docs/concepts/tables'},
  },
  {
    reader: ['colleague', 'coworker', 'co-worker', 'teammate'],
    docs: ['member', 'invite'],
    example: {question: 'give a coworker access', answer: '/docs/using-tower/working-in-teams'},
  },
  {reader: ['organization', 'org', 'company'], docs: ['team'], example: {question: 'share apps across my organization', answer: '/docs/concepts/teams'}},
  {reader: ['leak', 'leaked', 'compromised'], docs: ['revoke', 'rotate'], example: {question: 'my api key leaked', answer: '/docs/using-tower/api-keys'}},
  {reader: ['repo'], docs: ['repository'], example: {question: 'examples repo', answer: '/docs/examples/intro'}},
  {
    reader: ['auth', 'signin'],
    docs: ['authentication', 'login'],
    example: {question: 'auth in ci without a browser', answer: '/docs/using-tower/advanced#deploy-and-run-from-ci-with-an-api-key'},
  },
  {reader: ['publish', 'ship', 'release'], docs: ['deploy', 'version'], example: {question: 'ship a new version of my app', answer: '/docs/concepts/apps'}},
  {
    reader: ['coding agent', 'ai assistant', 'assistant', 'copilot'],
    docs: ['mcp'],
    example: {question: 'let my ai assistant deploy apps', answer: '/docs/using-tower/mcp-walkthrough'},
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
];
