/**
 * Questions as readers type them, each with the places in the docs that
 * answer it: a page (any of its sections will do) or a page's section
 * (`/docs/page#anchor`, when one section is the answer and the rest of the
 * page is not). Written from the product facts and the docs' tasks before the
 * ranking was tuned for questions, and not changed to suit the ranking since;
 * a case changes only when the docs move the answer.
 *
 * The question suite is scored beside the keyword suite (relevance-cases.ts)
 * by relevance.test.ts and `npm run bench:search`: success at 1 and 3 (a page
 * that answers first, or among the first three pages) and mean reciprocal
 * rank. question-cases-heldback.ts holds more questions of the same kind that
 * no tuning ever looks at: a drop there, and not here, means over-tuning.
 */
export type QuestionCase = {
  question: string;
  /**
   * Pages (`/docs/x`) or sections (`/docs/x#y`) that answer it. A page counts
   * when it is listed either way; the section shown first for it counts when
   * its page is listed without an anchor or the section itself is listed.
   */
  answers: string[];
};

export const QUESTION_CASES: QuestionCase[] = [
  // Installing and signing in
  {
    question: 'how do I install the tower cli',
    answers: [
      '/docs/getting-started/download-the-cli#choose-an-installation-method',
      '/docs/getting-started/download-the-cli#install-with-pip-recommended',
      '/docs/getting-started/download-the-cli',
      '/docs/getting-started/quick-start#step-2-install-the-cli',
      '/docs/reference/tower-cli#install-the-cli',
    ],
  },
  {
    question: 'can I use tower without installing anything',
    answers: ['/docs/getting-started/download-the-cli#run-with-uvx-without-installing', '/docs/getting-started/download-the-cli#run-the-docker-image'],
  },
  {
    question: 'how do I install tower on my mac with brew',
    answers: ['/docs/getting-started/download-the-cli#install-with-homebrew'],
  },
  {
    question: 'what do I do when my terminal says tower: command not found',
    answers: ['/docs/getting-started/download-the-cli#tower-command-not-found'],
  },
  {
    question: 'how do I update tower to the newest version',
    answers: ['/docs/getting-started/download-the-cli#upgrade-the-cli', '/docs/reference/tower-sdk#upgrading-from-older-versions'],
  },
  {
    question: 'which extra do I need to work with iceberg tables',
    answers: [
      '/docs/getting-started/download-the-cli#optional-extras',
      '/docs/reference/tower-sdk#optional-extras',
      '/docs/reference/tower-sdk#when-an-extra-is-missing',
      '/docs/concepts/tables#before-you-start',
      '/docs/using-tower/working-with-tables#before-you-start',
    ],
  },
  {
    question: 'how do I log in on a server that has no browser',
    answers: [
      '/docs/getting-started/download-the-cli#the-browser-doesnt-open-during-login',
      '/docs/getting-started/download-the-cli#use-an-api-key-instead-of-a-session',
      '/docs/reference/tower-cli#tower-login',
    ],
  },
  {
    question: 'why does the cli say I am not logged in',
    answers: ['/docs/getting-started/download-the-cli#you-are-not-logged-in-or-http-401-errors'],
  },
  {
    question: 'my commands go to the wrong team, how do I fix that',
    answers: [
      '/docs/getting-started/download-the-cli#commands-talk-to-the-wrong-account-or-team',
      '/docs/using-tower/working-in-teams#switch-between-your-account-and-your-teams',
      '/docs/using-tower/working-in-teams#troubleshooting',
      '/docs/concepts/teams#working-with-teams-in-the-cli',
    ],
  },
  {
    question: 'how can I check which version of the cli I have',
    answers: ['/docs/getting-started/download-the-cli#check-the-installation', '/docs/reference/tower-cli#tower-version'],
  },

  // Apps and the Towerfile
  {
    question: 'what goes in a towerfile',
    answers: [
      '/docs/reference/towerfile',
      '/docs/using-tower/develop#write-the-towerfile',
      '/docs/concepts/apps#what-an-app-contains',
      '/docs/getting-started/quick-start#step-4-write-a-python-script-and-a-towerfile',
    ],
  },
  {
    question: 'how do I choose the python version my app runs with',
    answers: ['/docs/reference/towerfile#no-key-chooses-the-python-version'],
  },
  {
    question: 'how do I leave files out of the package',
    answers: [
      '/docs/reference/towerfile#appsource',
      '/docs/reference/towerfile#what-gets-packaged',
      '/docs/using-tower/develop#control-what-gets-packaged',
      '/docs/concepts/apps#how-an-app-is-packaged',
    ],
  },
  {
    question: 'how can two apps share the same python module',
    answers: ['/docs/using-tower/develop#share-code-between-apps-with-import-paths', '/docs/reference/towerfile#appimport_paths'],
  },
  {
    question: "where do I list my app's dependencies",
    answers: ['/docs/using-tower/develop#declare-dependencies', '/docs/concepts/apps#what-an-app-contains', '/docs/reference/towerfile#how-tower-runs-the-app'],
  },
  {
    question: 'can the entry point be a shell script instead of python',
    answers: ['/docs/using-tower/develop#shell-scripts-as-entry-points', '/docs/reference/towerfile#appscript'],
  },
  {
    question: 'what happens when I deploy the same commit twice',
    answers: ['/docs/concepts/apps#deploying-the-same-commit-twice', '/docs/reference/tower-cli#tower-deploy'],
  },
  {
    question: 'how do I deploy my app to production',
    answers: [
      '/docs/concepts/environments#using-an-environment',
      '/docs/concepts/apps#versions-and-deploys',
      '/docs/reference/tower-cli#tower-deploy',
      '/docs/using-tower/test#promote-the-tested-version',
    ],
  },
  {
    question: 'can I deploy to every environment at once',
    answers: ['/docs/concepts/apps#versions-and-deploys', '/docs/reference/tower-cli#tower-deploy', '/docs/concepts/environments#using-an-environment'],
  },
  {
    question: 'how do I delete an app I no longer need',
    answers: [
      '/docs/concepts/apps#managing-apps-from-the-cli',
      '/docs/reference/tower-cli#tower-apps-delete',
      '/docs/getting-started/quick-start#step-12-clean-up-optional',
    ],
  },
  {
    question: 'how can I check my towerfile for mistakes before deploying',
    answers: ['/docs/reference/towerfile-checker', '/docs/reference/towerfile#common-errors'],
  },
  {
    question: 'what does it mean when deploy says the package is too large',
    answers: ['/docs/reference/towerfile#common-errors', '/docs/reference/towerfile#what-gets-packaged', '/docs/using-tower/develop#troubleshooting'],
  },

  // Parameters, secrets and environments
  {
    question: 'how do I pass a parameter when I run my app',
    answers: [
      '/docs/concepts/runs#parameters',
      '/docs/reference/tower-cli#tower-run',
      '/docs/getting-started/quick-start#step-9-add-a-parameter',
      '/docs/concepts/apps#parameters',
      '/docs/reference/towerfile#parameters',
    ],
  },
  {
    question: 'how do I read a parameter in my python code',
    answers: [
      '/docs/reference/tower-sdk#towerparameter',
      '/docs/reference/tower-sdk#towerparam',
      '/docs/concepts/apps#parameters',
      '/docs/using-tower/develop#parameters-and-secrets',
    ],
  },
  {
    question: 'how do I keep a parameter value from showing up',
    answers: ['/docs/concepts/apps#hidden-parameters', '/docs/reference/towerfile#parametershidden'],
  },
  {
    question: 'how do I set a secret for production',
    answers: [
      '/docs/concepts/environments#create-list-and-delete-secrets',
      '/docs/concepts/environments#secrets',
      '/docs/reference/tower-cli#tower-secrets-create',
      '/docs/using-tower/test#create-the-environment-and-its-secrets',
    ],
  },
  {
    question: 'how can I see the value of a secret I stored',
    answers: [
      '/docs/reference/tower-cli#tower-secrets-list',
      '/docs/architecture/security#reading-values-back-exports',
      '/docs/concepts/environments#create-list-and-delete-secrets',
    ],
  },
  {
    question: 'how does my code read a secret',
    answers: [
      '/docs/concepts/environments#reading-secrets-in-your-code',
      '/docs/reference/tower-sdk#towersecret',
      '/docs/using-tower/develop#parameters-and-secrets',
    ],
  },
  {
    question: 'should an api token be a secret or a parameter',
    answers: ['/docs/concepts/environments#secrets-or-parameters'],
  },
  {
    question: 'do other environments inherit the secrets of default',
    answers: ['/docs/concepts/environments#the-default-environment-and-inheritance'],
  },
  {
    question: 'how do I create a staging environment',
    answers: [
      '/docs/concepts/environments#managing-environments',
      '/docs/using-tower/test#create-the-environment-and-its-secrets',
      '/docs/reference/tower-cli#tower-environments-create',
    ],
  },
  {
    question: 'how can my code tell which environment it is running in',
    answers: [
      '/docs/concepts/environments#knowing-the-environment-in-your-code',
      '/docs/using-tower/advanced#programmatically-determining-the-environment',
      '/docs/reference/tower-sdk#towerinfoenvironment',
    ],
  },
  {
    question: 'how do I give my dlt pipeline its database credentials',
    answers: ['/docs/examples/using-dlthub#how-dlt-credentials-reach-the-pipeline', '/docs/examples/using-dlthub#secrets'],
  },
  {
    question: 'how do I use an iceberg catalog from my code',
    answers: [
      '/docs/concepts/environments#using-a-catalog-in-code',
      '/docs/concepts/tables#how-the-sdk-connects-to-the-catalog',
      '/docs/using-tower/working-with-tables#use-pyiceberg-directly',
    ],
  },

  // Runs
  {
    question: 'how do I run my app on my laptop',
    answers: [
      '/docs/using-tower/develop#try-it-on-your-machine',
      '/docs/concepts/runs#local-runs',
      '/docs/getting-started/quick-start#step-8-run-the-app-on-your-machine',
      '/docs/using-tower/test#level-2-run-locally-through-tower',
      '/docs/reference/tower-cli#local-runs---local',
    ],
  },
  {
    question: 'how do I run my app in the cloud',
    answers: [
      '/docs/getting-started/quick-start#step-6-run-the-app-in-the-cloud',
      '/docs/using-tower/develop#run-it-in-tower',
      '/docs/using-tower/orchestrate#from-the-cli',
      '/docs/concepts/runs#cloud-runs',
      '/docs/reference/tower-cli#runs-in-tower-default',
    ],
  },
  {
    question: 'how do I stop a run that is taking too long',
    answers: ['/docs/concepts/runs#cancelling-a-run', '/docs/reference/tower-cli#tower-apps-cancel', '/docs/using-tower/orchestrate#stopping-a-flow'],
  },
  {
    question: 'where can I see what my script printed',
    answers: [
      '/docs/concepts/runs#logs',
      '/docs/using-tower/observe#read-logs',
      '/docs/reference/tower-cli#tower-apps-logs',
      '/docs/getting-started/quick-start#step-7-check-the-status-and-read-the-logs',
    ],
  },
  {
    question: 'can I watch the logs live while a run is going',
    answers: ['/docs/concepts/runs#logs', '/docs/reference/tower-cli#tower-apps-logs', '/docs/using-tower/observe#read-logs'],
  },
  {
    question: 'what does the status crashed mean',
    answers: ['/docs/concepts/runs#run-statuses', '/docs/using-tower/observe#run-statuses', '/docs/reference/tower-sdk#run-objects-and-statuses'],
  },
  {
    question: 'what is the difference between errored and crashed',
    answers: ['/docs/concepts/runs#run-statuses', '/docs/using-tower/observe#run-statuses', '/docs/using-tower/retries#how-retries-work'],
  },
  {
    question: 'why does my run stay pending',
    answers: ['/docs/using-tower/observe#common-problems-and-fixes', '/docs/using-tower/observe#run-statuses', '/docs/concepts/runs#run-statuses'],
  },
  {
    question: 'how do I start a run without waiting for it to finish',
    answers: [
      '/docs/reference/tower-cli#tower-run',
      '/docs/reference/tower-cli#runs-in-tower-default',
      '/docs/using-tower/orchestrate#from-the-cli',
      '/docs/concepts/runs#cloud-runs',
    ],
  },
  {
    question: 'what exit code does tower run return when my app fails',
    answers: ['/docs/reference/tower-cli#exit-code-of-a-followed-run', '/docs/reference/tower-cli#exit-codes', '/docs/using-tower/orchestrate#from-the-cli'],
  },
  {
    question: 'can I limit how long a run is allowed to take',
    answers: ['/docs/concepts/apps#app-settings-in-the-api', '/docs/using-tower/observe#common-problems-and-fixes', '/docs/concepts/runs'],
  },
  {
    question: 'my app works locally but fails in the cloud, why',
    answers: ['/docs/using-tower/test#when-it-works-locally-but-fails-in-the-cloud', '/docs/using-tower/observe#common-problems-and-fixes'],
  },
  {
    question: 'how do I find out why a run failed',
    answers: [
      '/docs/using-tower/observe#investigate-a-failed-run',
      '/docs/using-tower/mcp-walkthrough#7-investigate-a-failure',
      '/docs/using-tower/observe#common-problems-and-fixes',
    ],
  },
  {
    question: 'how do I start a run through the REST API',
    answers: ['/docs/using-tower/orchestrate#from-the-api', '/docs/using-tower/advanced#call-the-tower-api-directly', '/docs/reference/api/run-app'],
  },

  // Schedules and flows
  {
    question: 'how do I run my app every day at 9am',
    answers: [
      '/docs/using-tower/orchestrate#create-a-schedule',
      '/docs/using-tower/orchestrate#schedule-syntax',
      '/docs/getting-started/quick-start#step-11-run-the-app-on-a-schedule',
      '/docs/reference/tower-cli#tower-schedules-create',
    ],
  },
  {
    question: 'what time zone are schedules in',
    answers: ['/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing'],
  },
  {
    question: 'how do I pause a schedule for a while',
    answers: ['/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing', '/docs/using-tower/orchestrate#list-change-and-delete-schedules'],
  },
  {
    question: 'what happens when a scheduled run is still going when the next one is due',
    answers: ['/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing'],
  },
  {
    question: 'how do I change when an existing schedule runs',
    answers: ['/docs/using-tower/orchestrate#list-change-and-delete-schedules', '/docs/reference/tower-cli#tower-schedules-update'],
  },
  {
    question: 'how can one app start another app',
    answers: [
      '/docs/using-tower/orchestrate#build-flows-apps-that-run-other-apps',
      '/docs/reference/tower-sdk#towerrun_app',
      '/docs/concepts/runs#parent-and-child-runs',
    ],
  },
  {
    question: 'how do I wait until several runs have finished',
    answers: ['/docs/reference/tower-sdk#towerwait_for_runs', '/docs/using-tower/orchestrate#example-fan-out-then-continue', '/docs/examples/orchestration'],
  },
  {
    question: 'how can my app know whether a schedule started it',
    answers: [
      '/docs/using-tower/advanced#tell-local-manual-and-scheduled-runs-apart',
      '/docs/reference/tower-sdk#towerinfois_scheduled_run',
      '/docs/concepts/runs#information-about-the-current-run',
    ],
  },
  {
    question: 'which version of my app does a scheduled run use',
    answers: ['/docs/using-tower/orchestrate#what-a-scheduled-run-uses'],
  },
  {
    question: 'can I make failed runs try again automatically',
    answers: ['/docs/using-tower/retries', '/docs/concepts/runs#retries'],
  },
  {
    question: 'how long does tower wait between retries',
    answers: ['/docs/using-tower/retries#how-long-the-waits-are'],
  },
  {
    question: 'can I turn retries off for a single run',
    answers: ['/docs/using-tower/retries#override-the-policy-for-one-run'],
  },

  // Monitoring and notifications
  {
    question: 'how do I get an alert when my job breaks',
    answers: ['/docs/using-tower/observe#alerts', '/docs/using-tower/webhooks'],
  },
  {
    question: 'can tower notify my slack channel when a run fails',
    answers: ['/docs/using-tower/webhooks', '/docs/using-tower/observe#alerts'],
  },
  {
    question: 'how do I check that a webhook request really came from tower',
    answers: [
      '/docs/using-tower/webhooks#build-the-receiver',
      '/docs/using-tower/webhooks#how-a-delivery-works',
      '/docs/using-tower/webhooks#check-the-signature-layout-against-a-real-delivery',
    ],
  },
  {
    question: 'how do I send a test delivery to my webhook',
    answers: ['/docs/using-tower/webhooks#test-a-webhook', '/docs/using-tower/webhooks#try-it-with-a-delivery-you-sign-yourself'],
  },
  {
    question: 'can I change the url of a webhook',
    answers: ['/docs/using-tower/webhooks#rename-a-webhook'],
  },
  {
    question: 'how do I see how many of my runs failed recently',
    answers: ['/docs/using-tower/observe#statistics', '/docs/using-tower/observe#app-health-in-the-web-app', '/docs/using-tower/observe#monitor-from-the-cli'],
  },

  // Teams and keys
  {
    question: 'how do I add a colleague to my team',
    answers: ['/docs/using-tower/working-in-teams#invite-members', '/docs/concepts/teams#invite-team-members-and-choose-their-roles'],
  },
  {
    question: 'how do I switch to my team in the cli',
    answers: [
      '/docs/using-tower/working-in-teams#in-the-cli',
      '/docs/using-tower/working-in-teams#switch-between-your-account-and-your-teams',
      '/docs/concepts/teams#working-with-teams-in-the-cli',
      '/docs/reference/tower-cli#tower-teams-switch',
    ],
  },
  {
    question: 'what roles can team members have',
    answers: [
      '/docs/concepts/teams#invite-team-members-and-choose-their-roles',
      '/docs/using-tower/working-in-teams#invite-members',
      '/docs/using-tower/api-keys#roles-scopes-and-expiry',
    ],
  },
  {
    question: 'how do I let github actions deploy my app',
    answers: [
      '/docs/using-tower/api-keys#recipe-a-key-for-github-actions',
      '/docs/using-tower/advanced#deploy-and-run-from-ci-with-an-api-key',
      '/docs/using-tower/test#automate-the-checks-in-ci',
    ],
  },
  {
    question: 'how do I revoke an api key that leaked',
    answers: ['/docs/using-tower/api-keys#revoke-a-key'],
  },
  {
    question: 'what is a service account for',
    answers: ['/docs/using-tower/api-keys#service-accounts', '/docs/concepts/teams#api-keys-and-service-accounts'],
  },
  {
    question: 'which credential wins when I have both an api key and a login session',
    answers: ['/docs/using-tower/api-keys#which-credential-each-tool-uses', '/docs/reference/tower-cli#how-the-cli-authenticates'],
  },
  {
    question: "do team runs use my secrets or the team's",
    answers: [
      '/docs/using-tower/working-in-teams#how-contexts-work',
      '/docs/using-tower/working-in-teams#share-secrets-and-configuration',
      '/docs/concepts/teams',
    ],
  },

  // Where code runs, security and networking
  {
    question: 'can tower run inside my own VPC',
    answers: [
      '/docs/architecture/data-plane#self-hosted-runners',
      '/docs/architecture/networking#self-hosted-runners',
      '/docs/architecture/data-plane#where-runners-are-hosted',
    ],
  },
  {
    question: 'does tower see my data',
    answers: [
      '/docs/architecture/data-plane#what-the-control-plane-does',
      '/docs/architecture/data-plane#why-tower-splits-control-and-data',
      '/docs/architecture/security#who-can-read-what-where',
      '/docs/architecture/data-plane',
    ],
  },
  {
    question: 'which ip addresses should I allow in my database firewall',
    answers: ['/docs/architecture/networking#outbound-traffic-and-egress-ip-addresses', '/docs/architecture/networking#allowlist-examples'],
  },
  {
    question: 'can I reach my running app from the internet',
    answers: ['/docs/architecture/networking#inbound-traffic-runs-are-not-reachable'],
  },
  {
    question: 'how are my secrets encrypted',
    answers: [
      '/docs/architecture/security#encryption-at-rest-envelope-encryption',
      '/docs/architecture/security#an-extra-layer-for-secrets-and-catalogs',
      '/docs/concepts/environments#how-secrets-are-protected',
    ],
  },
  {
    question: 'can tower employees read my code',
    answers: [
      '/docs/architecture/security#who-can-read-what-where',
      '/docs/architecture/security#encryption-at-rest-envelope-encryption',
      '/docs/architecture/security',
    ],
  },
  {
    question: 'in which region do my runs execute',
    answers: ['/docs/architecture/networking#where-tower-runs', '/docs/architecture/data-plane#tower-cloud-default'],
  },
  {
    question: 'are runs isolated from each other',
    answers: ['/docs/architecture/data-plane#how-runs-are-isolated'],
  },

  // Tables, models, assistants, examples
  {
    question: 'how do I write a dataframe to an iceberg table',
    answers: ['/docs/concepts/tables#write-data', '/docs/using-tower/working-with-tables#write-rows', '/docs/reference/tower-sdk#towertablestableinsert'],
  },
  {
    question: 'how do I update rows that already exist in a table',
    answers: ['/docs/reference/tower-sdk#towertablestableupsert', '/docs/concepts/tables#write-data', '/docs/using-tower/working-with-tables#write-rows'],
  },
  {
    question: 'how can I query my tables with sql from the terminal',
    answers: [
      '/docs/reference/tower-cli#tower-catalogs-query',
      '/docs/using-tower/working-with-tables#inspect-tables-from-the-command-line',
      '/docs/concepts/environments#inspecting-catalogs-from-the-cli',
      '/docs/concepts/tables#how-the-sdk-connects-to-the-catalog',
    ],
  },
  {
    question: 'how do I call an llm from my app',
    answers: ['/docs/using-tower/working-with-models#call-a-model', '/docs/concepts/models#use-a-model', '/docs/reference/tower-sdk#towerllms'],
  },
  {
    question: 'how do I use ollama on my machine and hugging face in production',
    answers: [
      '/docs/using-tower/working-with-models#routers-and-providers',
      '/docs/concepts/models#inference-routers-and-providers',
      '/docs/examples/models#how-tower-picks-the-model-backend',
      '/docs/examples/models#set-up-the-environments',
    ],
  },
  {
    question: 'how do I connect claude code to tower',
    answers: [
      '/docs/using-tower/mcp-walkthrough#claude-code',
      '/docs/using-tower/mcp-walkthrough#connect-your-assistant',
      '/docs/reference/mcp-server#connect-a-client',
    ],
  },
  {
    question: 'how can my coding agent search these docs',
    answers: ['/docs/using-tower/docs-for-agents'],
  },
  {
    question: 'can I run dbt models on tower',
    answers: ['/docs/examples/dbt', '/docs/reference/tower-sdk#towerdbt'],
  },
  {
    question: 'how do I run a dlt pipeline every day',
    answers: ['/docs/examples/using-dlthub#run-the-pipeline-every-day'],
  },
  {
    question: 'how do I get the cli output as json for a script',
    answers: [
      '/docs/reference/tower-cli#json-output',
      '/docs/using-tower/advanced#script-the-cli-with-json-output',
      '/docs/using-tower/observe#script-it-with-json-output',
    ],
  },
  {
    question: 'which api endpoint lists the alerts',
    answers: ['/docs/reference/api/list-alerts', '/docs/using-tower/observe#alerts'],
  },
  {
    question: 'is there an api call to pin an environment to an older version',
    answers: ['/docs/reference/api/update-app-environment', '/docs/reference/tower-cli#tower-deploy'],
  },
];

/** The pages a case accepts (its answers without their anchors). */
export function casePages({answers}: QuestionCase): string[] {
  return [...new Set(answers.map((answer) => answer.replace(/#.*$/, '')))];
}

/** Questions with the pages that answer them, as the benchmark and the relevance test score them. */
export function questionPages(cases: QuestionCase[]): Array<[string, string[]]> {
  return cases.map((questionCase) => [questionCase.question, casePages(questionCase)]);
}
