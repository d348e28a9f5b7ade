/**
 * Explains a cron expression: cron-parser computes the next runs (following the common rule for
 * the two day fields: a day matches when either matches), cronstrue describes it in plain English,
 * and ./fields says what is wrong with an expression Tower's CLI docs would not use.
 */
import {CronExpressionParser} from 'cron-parser/dist/CronExpressionParser';
import cronstrue from 'cronstrue';
import {bothDayFieldsSet, checkFields, neverRuns, withoutRepeats} from './fields';

export type CronExplanation =
  | {
      ok: true;
      expression: string;
      description: string;
      next: Date[];
      bothDayFields: boolean;
      /** The same schedule with no value named twice, when the expression names one twice. */
      withoutRepeats?: string;
    }
  | {ok: false; message: string; suggestion?: string; field?: number};

const RUNS_SHOWN = 5;

export function explainCron(input: string, now: Date = new Date()): CronExplanation {
  const checked = checkFields(input);
  if (!checked.ok) return checked;
  const {expression, fields} = checked;
  if (neverRuns(fields)) return {ok: false, message: 'This expression never runs: none of its months has that day of the month.', field: 2};
  const single = withoutRepeats(fields);
  let next: Date[];
  try {
    const schedule = CronExpressionParser.parse(single ?? expression, {currentDate: now, tz: 'UTC'});
    next = schedule.take(RUNS_SHOWN).map((date) => date.toDate());
  } catch (error) {
    return {ok: false, message: `The next runs could not be worked out: ${error instanceof Error ? error.message : String(error)}.`};
  }
  if (next.length === 0) return {ok: false, message: 'This expression never runs: no date matches it.'};
  // Described without the repeats ("only on Sunday", not "Sunday and Sunday") unless that makes a long list of values.
  const describeSingle = single !== null && single.split(' ').every((field) => field.split(',').length <= 3);
  const description = cronstrue.toString(describeSingle ? single : expression, {use24HourTimeFormat: true, throwExceptionOnParseError: true});
  return {ok: true, expression, description, next, bothDayFields: bothDayFieldsSet(fields), ...(single ? {withoutRepeats: single} : {})};
}
