/**
 * Everyday questions for the local Ask AI, each with the sections a right
 * answer cites (any one of them; a page path without an anchor means the
 * page's top) and, for most, the key fact the answer must say (`says`, in its
 * text, its lead or its code), what it must not say (`never`: a passage from
 * a section that does not answer), and the kind of block it must show
 * (`shows`: a table as a table, a list with the sentence that introduces it).
 * Scored from the Markdown sources by relevance.test.ts, in `npm run test:unit`.
 */
export type AskAiCase = {question: string; cites: string[]; says?: RegExp; never?: RegExp; shows?: 'table' | 'code' | 'list'};

export const ANSWERABLE: AskAiCase[] = [
  {
    question: 'how do I run my app locally',
    cites: [
      '/docs/using-tower/develop#try-it-on-your-machine',
      '/docs/getting-started/quick-start#step-8-run-the-app-on-your-machine',
      '/docs/concepts/runs#local-runs',
      '/docs/using-tower/test#level-2-run-locally-through-tower',
    ],
    says: /tower run --local/,
  },
  {
    question: 'what time zone do schedules use',
    cites: [
      '/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing',
      '/docs/examples/orchestration#schedule-the-pipeline',
      '/docs/using-tower/orchestrate#create-a-schedule',
    ],
    says: /UTC/,
  },
  {
    question: 'which IP addresses do I need to allowlist',
    cites: [
      '/docs/architecture/networking#outbound-traffic-and-egress-ip-addresses',
      '/docs/architecture/networking#allowlist-examples',
      '/docs/architecture/networking',
    ],
    // The sentence that introduces the list of addresses comes with the addresses.
    says: /(?=[\s\S]*3\.124\.118\.210)(?=[\s\S]*63\.177\.162\.15)/,
  },
  {
    question: 'how do I install the tower CLI',
    cites: [
      '/docs/getting-started/download-the-cli#install-with-pip-recommended',
      '/docs/getting-started/download-the-cli#choose-an-installation-method',
      '/docs/getting-started/quick-start#step-2-install-the-cli',
      '/docs/reference/tower-cli#install-the-cli',
    ],
    says: /pip install|brew install|uvx/,
  },
  {
    question: 'how do I log in',
    cites: [
      '/docs/getting-started/download-the-cli#log-in',
      '/docs/getting-started/quick-start#step-3-log-in',
      '/docs/reference/tower-cli#tower-login',
      '/docs/using-tower/develop#install-the-cli-and-log-in',
    ],
    says: /tower login/,
  },
  {
    question: 'how do I deploy my app',
    cites: [
      '/docs/using-tower/develop#deploy-the-app',
      '/docs/getting-started/quick-start#step-5-create-the-app-and-deploy-it',
      '/docs/reference/tower-cli#tower-deploy',
      '/docs/concepts/apps#versions-and-deploys',
    ],
    says: /tower deploy/,
  },
  {
    question: 'how do I create a secret',
    cites: [
      '/docs/concepts/environments#create-list-and-delete-secrets',
      '/docs/getting-started/quick-start#step-10-add-a-secret',
      '/docs/reference/tower-cli#tower-secrets-create',
      '/docs/concepts/environments#secrets',
    ],
    says: /tower secrets create/,
  },
  {
    question: 'how do I read a secret in my code',
    cites: [
      '/docs/concepts/environments#reading-secrets-in-your-code',
      '/docs/reference/tower-sdk#towersecret',
      '/docs/using-tower/develop#parameters-and-secrets',
    ],
  },
  {
    question: 'how are secrets encrypted',
    cites: [
      '/docs/architecture/security#encryption-at-rest-envelope-encryption',
      '/docs/architecture/security#an-extra-layer-for-secrets-and-catalogs',
      '/docs/concepts/environments#how-secrets-are-protected',
    ],
  },
  {question: 'what is the difference between secrets and parameters', cites: ['/docs/concepts/environments#secrets-or-parameters']},
  {
    question: 'how do I schedule an app',
    cites: [
      '/docs/using-tower/orchestrate#create-a-schedule',
      '/docs/using-tower/orchestrate#run-apps-on-a-schedule',
      '/docs/getting-started/quick-start#step-11-run-the-app-on-a-schedule',
      '/docs/reference/tower-cli#tower-schedules-create',
    ],
    says: /tower schedules create/,
  },
  {
    question: 'how do I start one app from another app',
    cites: ['/docs/using-tower/orchestrate#build-flows-apps-that-run-other-apps', '/docs/reference/tower-sdk#towerrun_app'],
    says: /tower\.run_app/,
  },
  {question: 'how do I wait for a run to finish', cites: ['/docs/reference/tower-sdk#towerwait_for_run'], says: /wait_for_run/},
  {
    question: 'how do I pass parameters to a run',
    cites: [
      '/docs/concepts/runs#parameters',
      '/docs/concepts/apps#parameters',
      '/docs/getting-started/quick-start#step-9-add-a-parameter',
      '/docs/reference/tower-cli#tower-run',
    ],
    says: /--parameter|parameters/,
  },
  {
    question: 'how do I read a parameter in Python',
    cites: [
      '/docs/reference/tower-sdk#towerparameter',
      '/docs/reference/tower-sdk#towerparam',
      '/docs/concepts/apps#parameters',
      '/docs/using-tower/develop#parameters-and-secrets',
    ],
    says: /tower\.param/,
  },
  {
    question: 'how do I see the logs of a run',
    cites: ['/docs/using-tower/observe#read-logs', '/docs/concepts/runs#logs', '/docs/getting-started/quick-start#step-7-check-the-status-and-read-the-logs'],
    says: /tower apps logs/,
  },
  {
    question: 'how do I cancel a run',
    cites: ['/docs/concepts/runs#cancelling-a-run', '/docs/using-tower/orchestrate#stopping-a-flow', '/docs/reference/api/cancel-run'],
    says: /tower apps cancel/,
  },
  {
    question: 'what are the run statuses',
    cites: ['/docs/concepts/runs#run-statuses', '/docs/using-tower/observe#run-statuses'],
    says: /crashed/,
    shows: 'table',
  },
  {
    // Added after the coordinator's screenshots: "have" carried this question to the Retries page.
    question: 'what statuses can a run have',
    cites: ['/docs/concepts/runs#run-statuses', '/docs/using-tower/observe#run-statuses'],
    says: /crashed/,
  },
  {question: 'what is an environment', cites: ['/docs/concepts/environments', '/docs/concepts/environments#why-environments-matter']},
  {
    question: 'how do I create an environment',
    cites: [
      '/docs/concepts/environments#managing-environments',
      '/docs/using-tower/test#create-the-environment-and-its-secrets',
      '/docs/reference/tower-cli#tower-environments-create',
    ],
    says: /tower environments create/,
  },
  {question: 'how do I write rows to an Iceberg table', cites: ['/docs/concepts/tables#write-data', '/docs/using-tower/working-with-tables#write-rows']},
  {question: 'how do I create a table', cites: ['/docs/concepts/tables#create-a-table']},
  {
    question: 'what goes in a Towerfile',
    cites: [
      '/docs/reference/towerfile',
      '/docs/reference/towerfile#structure-at-a-glance',
      '/docs/using-tower/develop#write-the-towerfile',
      '/docs/concepts/apps#what-an-app-contains',
    ],
  },
  {
    question: 'how do I choose which files get packaged',
    cites: [
      '/docs/reference/towerfile#appsource',
      '/docs/reference/towerfile#what-gets-packaged',
      '/docs/using-tower/develop#control-what-gets-packaged',
      '/docs/concepts/apps#how-an-app-is-packaged',
    ],
  },
  {
    question: 'how do I deploy from CI',
    cites: ['/docs/using-tower/advanced#deploy-and-run-from-ci-with-an-api-key', '/docs/using-tower/test#automate-the-checks-in-ci'],
  },
  {
    question: 'how do I invite someone to my team',
    cites: ['/docs/using-tower/working-in-teams#invite-members', '/docs/concepts/teams#invite-team-members-and-choose-their-roles'],
  },
  {
    question: 'how do I call a language model from my app',
    cites: [
      '/docs/using-tower/working-with-models#call-a-model',
      '/docs/concepts/models#use-a-model',
      '/docs/reference/tower-sdk#towerllms',
      '/docs/reference/tower-sdk#towerllmsllm',
    ],
  },
  {
    question: 'how do I connect Claude Code to Tower',
    cites: ['/docs/using-tower/mcp-walkthrough#claude-code', '/docs/using-tower/mcp-walkthrough#connect-your-assistant'],
  },
  {
    question: 'what exit code does tower run return when the run fails',
    cites: ['/docs/reference/tower-cli#exit-codes', '/docs/reference/tower-cli#tower-run', '/docs/using-tower/orchestrate#from-the-cli'],
  },
  {question: 'how do I upgrade the CLI', cites: ['/docs/getting-started/download-the-cli#upgrade-the-cli']},
  {
    question: 'where do runs execute',
    cites: [
      '/docs/architecture/networking#where-tower-runs',
      '/docs/architecture/data-plane#where-runners-are-hosted',
      '/docs/architecture/data-plane#tower-cloud-default',
      '/docs/concepts/runs#cloud-runs',
    ],
  },
  {
    question: 'how does my code know which environment it runs in',
    cites: [
      '/docs/concepts/environments#knowing-the-environment-in-your-code',
      '/docs/using-tower/advanced#programmatically-determining-the-environment',
      '/docs/reference/tower-sdk#towerinfoenvironment',
    ],
  },
  // Added with issue 22, before Ask AI was reworked: each names the section and the fact a right answer gives.
  {
    question: 'how do I set a secret for production',
    cites: [
      '/docs/concepts/environments#create-list-and-delete-secrets',
      '/docs/concepts/environments#secrets',
      '/docs/reference/tower-cli#tower-secrets-create',
      '/docs/using-tower/test#create-the-environment-and-its-secrets',
    ],
    says: /tower secrets create[^\n]*--environment[= ]production/,
    // The Ollama router's secret is set in a section about models, not about secrets for production.
    never: /TOWER_INFERENCE_ROUTER|ollama/i,
  },
  {
    question: 'how do I see the value of a secret',
    cites: [
      '/docs/reference/tower-cli#tower-secrets-list',
      '/docs/concepts/environments#create-list-and-delete-secrets',
      '/docs/architecture/security#reading-values-back-exports',
    ],
    says: /--show/,
  },
  {
    question: 'how do I make failed runs try again',
    cites: [
      '/docs/using-tower/retries#set-an-apps-retry-policy',
      '/docs/using-tower/retries#how-retries-work',
      '/docs/using-tower/retries',
      '/docs/concepts/runs#retries',
    ],
    says: /max_retries|retry policy|retry_policy/i,
  },
  {
    question: 'how long does Tower wait between retries',
    cites: ['/docs/using-tower/retries#how-long-the-waits-are'],
    says: /retry_delay_seconds|backoff/,
  },
  {
    question: 'can Tower run inside my own VPC',
    cites: [
      '/docs/architecture/data-plane#self-hosted-runners',
      '/docs/architecture/networking#self-hosted-runners',
      '/docs/architecture/data-plane#where-runners-are-hosted',
    ],
    says: /self-hosted/i,
  },
  {
    question: 'does Tower see my data',
    cites: [
      '/docs/architecture/data-plane#why-tower-splits-control-and-data',
      '/docs/architecture/data-plane#what-the-control-plane-does',
      '/docs/architecture/data-plane',
      '/docs/architecture/security#who-can-read-what-where',
    ],
    says: /control plane/i,
  },
  {
    question: 'how do I get an alert when my job breaks',
    cites: ['/docs/using-tower/observe#alerts', '/docs/using-tower/webhooks', '/docs/using-tower/webhooks#how-a-delivery-works'],
    says: /alert/i,
  },
  {
    question: 'how do I start a run without waiting for it to finish',
    cites: [
      '/docs/reference/tower-cli#tower-run',
      '/docs/reference/tower-cli#runs-in-tower-default',
      '/docs/using-tower/orchestrate#from-the-cli',
      '/docs/concepts/runs#cloud-runs',
    ],
    says: /--detached/,
  },
  {
    question: 'which port does the Tower MCP server use by default',
    cites: ['/docs/reference/mcp-server#transports-and-endpoints', '/docs/reference/tower-cli#tower-mcp-server', '/docs/reference/mcp-server#start-the-server'],
    says: /34567/,
  },
  {
    question: 'which Python version does my app run with',
    cites: ['/docs/reference/towerfile#no-key-chooses-the-python-version'],
    says: /Python/,
  },
  {
    question: 'how do I hide a parameter value',
    cites: ['/docs/concepts/apps#hidden-parameters', '/docs/reference/towerfile#parametershidden'],
    says: /hidden/,
  },
  {
    question: 'how big can my app package be',
    cites: ['/docs/reference/towerfile#common-errors', '/docs/reference/towerfile#what-gets-packaged', '/docs/concepts/apps#how-an-app-is-packaged'],
    says: /50 MiB/,
  },
];

/** Questions the docs do not answer: the right answer says so. */
export const UNANSWERABLE = [
  'how do I deploy a Java app to Kubernetes',
  'what does the enterprise plan cost per seat',
  'can I write apps in Ruby',
  'can I pay for Tower with PayPal',
];
