/**
 * The schedule explainer's answers, checked against runs worked out by hand from a calendar.
 * 1 January 2027 is a Friday; 2027 is not a leap year, 2028 is, 2100 is not.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {checkTowerArgs, CliIndex, shellCommands, type CliManifest} from '../../lib/tower-cli';
import {explainCron, type CronExplanation} from '../../src/components/CronExplainer/explain';
import {bothDayFieldsSet, checkFields, cronForPlainEnglish, fieldValues, scheduleCommand, withoutRepeats} from '../../src/components/CronExplainer/fields';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = new CliIndex(JSON.parse(readFileSync(path.join(REPO, 'data/cli-manifest.json'), 'utf8')) as CliManifest);

/** The next runs as `YYYY-MM-DD HH:MM` in UTC, or the error message. */
function runs(expression: string, now: string): string[] | string {
  const result = explainCron(expression, new Date(now));
  return result.ok ? result.next.map((d) => d.toISOString().slice(0, 16).replace('T', ' ')) : result.message;
}
const ok = (result: CronExplanation) => {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result;
};

describe('next runs, worked out by hand', () => {
  test('weekdays: from a Friday morning, the Friday and then Monday to Thursday', () => {
    assert.deepEqual(runs('0 9 * * 1-5', '2027-01-01T00:00:00Z'), [
      '2027-01-01 09:00',
      '2027-01-04 09:00',
      '2027-01-05 09:00',
      '2027-01-06 09:00',
      '2027-01-07 09:00',
    ]);
    assert.deepEqual(
      runs('0 9 * * MON-FRI', '2027-01-01T09:00:00Z'),
      ['2027-01-04 09:00', '2027-01-05 09:00', '2027-01-06 09:00', '2027-01-07 09:00', '2027-01-08 09:00'],
      'a run at exactly "now" is not a next run; names work like numbers',
    );
    assert.deepEqual(runs('30 7 * * 0', '2027-01-01T00:00:00Z'), runs('30 7 * * 7', '2027-01-01T00:00:00Z'), '0 and 7 are both Sunday');
    assert.deepEqual(runs('30 7 * * 7', '2027-01-01T00:00:00Z'), [
      '2027-01-03 07:30',
      '2027-01-10 07:30',
      '2027-01-17 07:30',
      '2027-01-24 07:30',
      '2027-01-31 07:30',
    ]);
  });

  test('month ends: day 31 skips the 30-day months and February; day 29 skips February 2027', () => {
    assert.deepEqual(runs('30 23 31 * *', '2027-01-15T00:00:00Z'), [
      '2027-01-31 23:30',
      '2027-03-31 23:30',
      '2027-05-31 23:30',
      '2027-07-31 23:30',
      '2027-08-31 23:30',
    ]);
    assert.deepEqual(runs('0 6 29 * *', '2027-01-30T00:00:00Z'), [
      '2027-03-29 06:00',
      '2027-04-29 06:00',
      '2027-05-29 06:00',
      '2027-06-29 06:00',
      '2027-07-29 06:00',
    ]);
  });

  test('29 February: only leap years, and 2100 is not one', () => {
    assert.deepEqual(runs('0 12 29 2 *', '2027-03-01T00:00:00Z'), [
      '2028-02-29 12:00',
      '2032-02-29 12:00',
      '2036-02-29 12:00',
      '2040-02-29 12:00',
      '2044-02-29 12:00',
    ]);
    assert.deepEqual((runs('0 12 29 2 *', '2097-01-01T00:00:00Z') as string[]).slice(0, 2), ['2104-02-29 12:00', '2108-02-29 12:00']);
  });

  test('day of month and day of week both set: a day matches when either does (and the note says so)', () => {
    // The 1st (a Friday) by day of month, then the Mondays by day of week.
    assert.deepEqual(runs('0 8 1 * 1', '2027-01-01T00:00:00Z'), [
      '2027-01-01 08:00',
      '2027-01-04 08:00',
      '2027-01-11 08:00',
      '2027-01-18 08:00',
      '2027-01-25 08:00',
    ]);
    assert.equal(ok(explainCron('0 8 1 * 1')).bothDayFields, true);
    assert.equal(ok(explainCron('0 8 1 * *')).bothDayFields, false);
    assert.equal(ok(explainCron('0 8 * * 1')).bothDayFields, false);
    // A stepped day of month counts as set: odd days or Mondays (Vixie cron would take odd Mondays only).
    assert.deepEqual(runs('0 8 */2 * 1', '2027-01-01T00:00:00Z'), [
      '2027-01-01 08:00',
      '2027-01-03 08:00',
      '2027-01-04 08:00',
      '2027-01-05 08:00',
      '2027-01-07 08:00',
    ]);
    assert.equal(bothDayFieldsSet(['0', '8', '*/2', '*', '1']), true);
  });

  test('steps, ranges and lists across midnight and months', () => {
    assert.deepEqual(runs('*/20 9-10 * * *', '2027-01-01T09:50:00Z'), [
      '2027-01-01 10:00',
      '2027-01-01 10:20',
      '2027-01-01 10:40',
      '2027-01-02 09:00',
      '2027-01-02 09:20',
    ]);
    assert.deepEqual(runs('0 9 * JAN,JUL MON', '2027-01-20T00:00:00Z'), [
      '2027-01-25 09:00',
      '2027-07-05 09:00',
      '2027-07-12 09:00',
      '2027-07-19 09:00',
      '2027-07-26 09:00',
    ]);
  });
});

describe('descriptions', () => {
  test('plain English from cronstrue, in 24-hour time', () => {
    assert.equal(ok(explainCron('0 9 * * 1-5')).description, 'At 09:00, Monday through Friday');
    assert.equal(ok(explainCron('*/15 * * * *')).description, 'Every 15 minutes');
    assert.equal(ok(explainCron('0 0 1 * *')).description, 'At 00:00, on day 1 of the month');
    assert.equal(ok(explainCron('  0   9 * *  1  ')).expression, '0 9 * * 1', 'spacing is normalised');
  });
});

describe('clear messages for what is not a five-field expression', () => {
  const message = (input: string) => {
    const result = checkFields(input);
    assert.equal(result.ok, false, input);
    return result.ok ? {message: '', suggestion: undefined} : result;
  };

  test('field count, shorthands, six fields and plain English, with the five-field form to try', () => {
    assert.match(message('').message, /Type a cron expression/);
    assert.match(message('* * * *').message, /five fields .*this one has 4/);
    assert.deepEqual(message('0 */5 * * * *').suggestion, '*/5 * * * *');
    assert.match(message('0 */5 * * * *').message, /first is seconds/);
    assert.equal(message('@daily').suggestion, '0 0 * * *');
    assert.equal(message('every 15 minutes').suggestion, '*/15 * * * *');
    assert.match(message('every 15 minutes').message, /not confirmed/);
    assert.equal(message('every day at noon').suggestion, undefined);
    assert.equal(cronForPlainEnglish('every hour'), '0 * * * *');
    assert.equal(cronForPlainEnglish('every 6 hours'), '0 */6 * * *');
    assert.equal(cronForPlainEnglish('every 90 minutes'), undefined, 'not expressible as one step');
  });

  test('names the field and the value that is wrong, once each', () => {
    assert.equal(message('61 * * * *').message, 'The minute field takes 0–59, not 61.');
    assert.equal(message('0 24 * * *').message, 'The hour field takes 0–23, not 24.');
    assert.equal(message('0 9 0 * *').message, 'The day of month field takes 1–31, not 0.');
    assert.equal(message('0 9 * 13 *').message, 'The month field takes 1–12, not 13.');
    assert.equal(message('0 9 * * MON-FRX').message, 'The day of week field has "FRX", which is not a number or a day name such as MON.');
    assert.deepEqual(
      ['61 * * * *', '0 24 * * *', '0 9 0 * *', '0 9 * 13 *', '0 9 * * MON-FRX'].map((e) => {
        const result = checkFields(e);
        return result.ok ? undefined : result.field;
      }),
      [0, 1, 2, 3, 4],
      'the field is named, so the page can mark it',
    );
    assert.match(message('5-1 * * * *').message, /range 5-1, which runs backwards/);
    assert.match(message('*/0 * * * *').message, /step of 0/);
    assert.match(message('0 9 * * 1,').message, /has "", which is not a value/);
  });

  test('extensions are refused, but month and day names that contain their letters are not', () => {
    assert.match(message('0 0 L * *').message, /"L" \(last\), an extension/);
    assert.match(message('0 9 ? * 1').message, /"\?"/);
    assert.match(message('0 9 * * 1#2').message, /"#"/);
    assert.match(message('0 9 15W * *').message, /"W"/);
    assert.ok(checkFields('0 9 * JUL WED').ok);
  });

  test('an expression with no possible date says it never runs, and marks the day of month', () => {
    const never = 'This expression never runs: none of its months has that day of the month.';
    assert.equal(runs('0 0 30 2 *', '2027-01-01T00:00:00Z'), never);
    assert.equal(runs('0 0 31 2 *', '2027-01-01T00:00:00Z'), never);
    assert.equal(runs('0 0 31 4,6,9,11 *', '2027-01-01T00:00:00Z'), never);
    const result = explainCron('0 0 31 4,6,9,11 *');
    assert.equal(result.ok ? undefined : result.field, 2);
    // With a day of week as well, a day matches when either field does: Mondays in February (1 February 2028 is a Tuesday).
    assert.deepEqual(runs('0 0 31 2 1', '2027-01-01T00:00:00Z'), [
      '2027-02-01 00:00',
      '2027-02-08 00:00',
      '2027-02-15 00:00',
      '2027-02-22 00:00',
      '2028-02-07 00:00',
    ]);
  });

  test('a value named twice is a valid schedule that runs once at each time, with the form without repeats offered', () => {
    // cron-parser refuses repeated values; standard cron runs each time once (reliability review, N6).
    assert.deepEqual(runs('0 0 * * 0,7', '2027-01-01T00:00:00Z'), runs('0 0 * * 0', '2027-01-01T00:00:00Z'), '0 and 7 are both Sunday');
    assert.deepEqual(runs('0-5,3-8 * * * *', '2027-01-01T00:00:00Z'), [
      '2027-01-01 00:01',
      '2027-01-01 00:02',
      '2027-01-01 00:03',
      '2027-01-01 00:04',
      '2027-01-01 00:05',
    ]);
    assert.deepEqual(runs('*/5,*/7 * * * *', '2027-01-01T00:00:00Z'), [
      '2027-01-01 00:05',
      '2027-01-01 00:07',
      '2027-01-01 00:10',
      '2027-01-01 00:14',
      '2027-01-01 00:15',
    ]);
    assert.deepEqual(runs('0,0 * * * *', '2027-01-01T00:30:00Z'), runs('0 * * * *', '2027-01-01T00:30:00Z'));
    const sunday = ok(explainCron('0 0 * * 0,7'));
    assert.equal(sunday.withoutRepeats, '0 0 * * 0');
    assert.equal(sunday.description, 'At 00:00, only on Sunday');
    assert.equal(sunday.expression, '0 0 * * 0,7', 'the command keeps what the reader wrote');
    assert.equal(ok(explainCron('0-5,3-8 * * * *')).withoutRepeats, '0-8 * * * *');
    assert.equal(ok(explainCron('*/5,*/7 * * * *')).description, 'Every 5 minutes and every 7 minutes');
    assert.equal(ok(explainCron('0 9 * * 1-5')).withoutRepeats, undefined);
    assert.equal(withoutRepeats(['0', '0', '*', '*', '1,3,5']), null, 'a list without repeats is left alone');
    assert.deepEqual([...fieldValues('5/20', 0)], [5, 25, 45]);
  });
});

describe('the tower schedules create command', () => {
  test('passes the sample checker: a real command with its required --app and --cron', () => {
    for (const expression of ['0 6 * * *', '*/15 9-17 * * MON-FRI', '0 0 1,15 * *']) {
      const command = scheduleCommand('orders-sync', expression);
      assert.equal(command, `tower schedules create --app orders-sync --cron "${expression}"`);
      const [{words}] = shellCommands(command);
      assert.deepEqual(words.slice(-1), [expression], 'the expression stays one shell word');
      assert.deepEqual(checkTowerArgs(words.slice(1), CLI), [], command);
    }
    assert.equal(scheduleCommand("it's odd", '0 6 * * *'), `tower schedules create --app 'it'\\''s odd' --cron "0 6 * * *"`);
    // The checker does fail a command without the required flags, so the assertion above can fail.
    assert.notDeepEqual(checkTowerArgs(['schedules', 'create', '--cron', '0 6 * * *'], CLI), []);
  });
});
