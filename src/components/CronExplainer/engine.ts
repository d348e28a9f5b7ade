/**
 * The explainer's heavy half, loaded only when the explainer scrolls into view or is used: cron
 * parsing (cron-parser, whose next runs follow the common rule for the two day fields: a day
 * matches when either matches) and the plain-English description (cronstrue).
 */
import {CronExpressionParser} from 'cron-parser/dist/CronExpressionParser';
import cronstrue from 'cronstrue';
import {bothDayFieldsSet, checkFields} from './fields';

export {default as CronOutput} from './Output';

export type CronExplanation =
  | {ok: true; expression: string; description: string; next: Date[]; bothDayFields: boolean}
  | {ok: false; message: string; suggestion?: string};

export const RUNS_SHOWN = 5;

export function explainCron(input: string, now: Date = new Date()): CronExplanation {
  const checked = checkFields(input);
  if (!checked.ok) return checked;
  const {expression, fields} = checked;
  let next: Date[];
  try {
    const schedule = CronExpressionParser.parse(expression, {currentDate: now, tz: 'UTC'});
    next = schedule.take(RUNS_SHOWN).map((date) => date.toDate());
  } catch (error) {
    // Every field is valid on its own, so the combination names no real date (February 30).
    return {ok: false, message: `This expression never runs: no date matches it (${(error as Error).message}).`};
  }
  if (next.length === 0) return {ok: false, message: 'This expression never runs: no date matches it.'};
  const description = cronstrue.toString(expression, {use24HourTimeFormat: true, throwExceptionOnParseError: true});
  return {ok: true, expression, description, next, bothDayFields: bothDayFieldsSet(fields)};
}
