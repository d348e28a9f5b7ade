/**
 * cron-parser's entry module also loads its crontab-file reader, which requires Node's fs; the
 * explainer imports the expression parser alone, whose types live under dist/types.
 */
declare module 'cron-parser/dist/CronExpressionParser' {
  export {CronExpressionParser} from 'cron-parser';
}
