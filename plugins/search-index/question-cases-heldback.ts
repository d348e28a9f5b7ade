/**
 * Held-back questions: the same kind as question-cases.ts, written at the same
 * time from the product facts and the docs' tasks, and never used to tune the
 * ranking. They are scored and reported beside the question suite; a tuning
 * change that raises the question suite and lowers these has fitted the
 * questions rather than the way readers ask. Do not change the ranking to fix
 * a miss here: write a question like it into question-cases.ts instead.
 */
import type {QuestionCase} from './question-cases';

export const HELD_BACK_QUESTIONS: QuestionCase[] = [
  {
    question: 'how do I unit test the logic of my app',
    answers: ['/docs/using-tower/test#level-1-run-and-unit-test-with-plain-python', '/docs/using-tower/test#move-the-logic-into-a-testable-function'],
  },
  {
    question: 'how do I move a version I tested in staging to production',
    answers: ['/docs/using-tower/test#promote-the-tested-version'],
  },
  {
    question: 'what does tower do with my code when I deploy',
    answers: [
      '/docs/architecture/how-tower-works#stage-2-deploy-which-builds-uploads-and-encrypts-a-version',
      '/docs/concepts/apps#how-an-app-is-packaged',
      '/docs/concepts/apps#versions-and-deploys',
    ],
  },
  {
    question: 'where does the cli keep my login',
    answers: ['/docs/reference/tower-cli#files-the-cli-writes', '/docs/architecture/security#credentials-on-your-machine'],
  },
  {
    question: 'how do I point the cli at a different api server',
    answers: ['/docs/reference/tower-cli#pointing-the-cli-at-another-api-host'],
  },
  {
    question: 'what happens to schedules when I delete a service account',
    answers: ['/docs/using-tower/api-keys#delete-a-service-account'],
  },
  {
    question: 'can I give an api key only some permissions',
    answers: ['/docs/using-tower/api-keys#roles-scopes-and-expiry'],
  },
  {
    question: 'how can my app behave differently in production',
    answers: ['/docs/using-tower/advanced#use-different-code-per-environment', '/docs/using-tower/advanced#programmatically-determining-the-environment'],
  },
  {
    question: 'how do I load my table into a polars dataframe',
    answers: [
      '/docs/reference/tower-sdk#towertablestableread',
      '/docs/reference/tower-sdk#towertablestableto_polars',
      '/docs/concepts/tables#read-data',
      '/docs/using-tower/working-with-tables#read-rows',
    ],
  },
  {
    question: 'how do I remove old rows from a table',
    answers: [
      '/docs/using-tower/working-with-tables#delete-rows-and-drop-tables',
      '/docs/concepts/tables#write-data',
      '/docs/reference/tower-sdk#towertablestabledelete',
      '/docs/examples/tables#trim-trim-ticker-table',
    ],
  },
  {
    question: 'which column types can a table have',
    answers: ['/docs/reference/tower-sdk#supported-column-types'],
  },
  {
    question: 'can my ai assistant deploy the app for me',
    answers: ['/docs/using-tower/mcp-walkthrough', '/docs/reference/mcp-server#apps-deploys-and-runs'],
  },
  {
    question: 'which port does the mcp server listen on',
    answers: [
      '/docs/reference/mcp-server#transports-and-endpoints',
      '/docs/reference/tower-cli#tower-mcp-server',
      '/docs/using-tower/mcp-walkthrough#how-the-server-runs',
    ],
  },
  {
    question: 'how do I get the number of the current run in my code',
    answers: ['/docs/reference/tower-sdk#towerinforun_number', '/docs/concepts/runs#information-about-the-current-run'],
  },
  {
    question: 'what happens when a child app I started fails',
    answers: [
      '/docs/reference/tower-sdk#towerwait_for_run',
      '/docs/reference/tower-sdk#towerexceptionsrunfailederror',
      '/docs/using-tower/orchestrate#build-flows-apps-that-run-other-apps',
      '/docs/concepts/runs#parent-and-child-runs',
    ],
  },
  {
    question: "why can't my app connect to my database",
    answers: [
      '/docs/architecture/networking#troubleshooting',
      '/docs/architecture/networking#outbound-traffic-and-egress-ip-addresses',
      '/docs/using-tower/observe#common-problems-and-fixes',
    ],
  },
  {
    question: 'how do I find the ip address my runs connect from',
    answers: ['/docs/architecture/networking#check-the-address-your-runs-use', '/docs/architecture/networking#outbound-traffic-and-egress-ip-addresses'],
  },
  {
    question: 'is my data encrypted on the way to tower',
    answers: ['/docs/architecture/security#encryption-in-transit', '/docs/architecture/security#tls-13-on-every-connection'],
  },
  {
    question: 'how does a runner get the code it runs',
    answers: ['/docs/architecture/data-plane#what-a-runner-does-with-a-job', '/docs/architecture/how-tower-works#stage-4-run-which-the-runner-executes'],
  },
  {
    question: 'how do I list only the apps deployed to production',
    answers: ['/docs/reference/tower-cli#tower-apps-list', '/docs/concepts/environments#using-an-environment'],
  },
  {
    question: 'can tower skip a scheduled run if the last one has not finished',
    answers: ['/docs/using-tower/orchestrate#time-zones-overlaps-and-pausing'],
  },
  {
    question: 'how do I remove a secret',
    answers: ['/docs/concepts/environments#create-list-and-delete-secrets', '/docs/reference/tower-cli#tower-secrets-delete'],
  },
  {
    question: 'why does pip say it cannot find the version',
    answers: ['/docs/getting-started/download-the-cli#pip-cannot-find-version-0370'],
  },
  {
    question: 'can the model call my own python functions as tools',
    answers: [
      '/docs/using-tower/working-with-models#tool-calling',
      '/docs/concepts/models#tool-calling',
      '/docs/reference/tower-sdk#towerllmsllmcomplete_chat',
    ],
  },
  {
    question: 'how do I set up a team for my company',
    answers: ['/docs/using-tower/working-in-teams#create-a-team', '/docs/concepts/teams#creating-a-team'],
  },
  {
    question: 'what does the schedule key in the towerfile do',
    answers: ['/docs/reference/towerfile#appschedule'],
  },
  {
    question: 'where can I get a ready-made project to start from',
    answers: ['/docs/examples/intro#get-an-example', '/docs/examples/intro', '/docs/getting-started/quick-start#get-this-app-as-a-project'],
  },
  {
    question: 'do I need to change my code to run it on tower',
    answers: ['/docs/using-tower/develop', '/docs/intro#how-tower-runs-your-code', '/docs/concepts/apps#what-an-app-contains'],
  },
];
