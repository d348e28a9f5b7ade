/**
 * The explainer's heavy half, loaded only when the explainer scrolls into view or is used: the cron
 * libraries (./explain) and the output they feed (./Output).
 */
export {explainCron, type CronExplanation} from './explain';
export {default as CronOutput} from './Output';
