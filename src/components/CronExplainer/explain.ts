/**
 * Explains a cron expression: cron-parser computes the next runs (following the common rule for
 * the two day fields: a day matches when either matches), cronstrue describes it in plain English,
 * and ./fields says what is wrong with an expression Tower's CLI docs would not use.
 */
import {CronExpressionParser} from 'cron-parser/dist/CronExpressionParser';
import cronstrue from 'cronstrue';
import {bothDayFieldsSet, checkFields} from './fields';

export type CronExplanation =
  {ok: true; expression: string; description: string; next: Date[]; bothDayFields: boolean} | {ok: false; message: string; suggestion?: string};

const RUNS_SHOWN = 5;

export function explainCron(input: string, now: Date = new Date()): CronExplanation {
  const checked = checkFields(input);
  if (!checked.ok) return checked;
  const {expression, fields} = checked;
  let next: Date[];
  try {
    const schedule = CronExpressionParser.parse(expression, {currentDate: now, tz: 'UTC'});
    next = schedule.take(RUNS_SHOWN).map((date) => date.toDate());
  } catch {
    // Every field is valid on its own, so the day of month is one that none of its months has.
    return {ok: false, message: 'This expression never runs: none of its months has that day of the month.'};
  }
  if (next.length === 0) return {ok: false, message: 'This expression never runs: no date matches it.'};
  const description = cronstrue.toString(expression, {use24HourTimeFormat: true, throwExceptionOnParseError: true});
  return {ok: true, expression, description, next, bothDayFields: bothDayFieldsSet(fields)};
}
