/**
 * What the schedule explainer shows for an expression: the error and a suggestion, or the
 * plain-English description, the next runs in UTC and in the reader's time zone, and the
 * `tower schedules create` command. Part of the lazily loaded half (./engine).
 */
import {useId, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import type {CronExplanation} from './explain';
import {FIELD_NAMES, scheduleCommand} from './fields';
import styles from './styles.module.css';

const formatter = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

type Props = {
  result: CronExplanation;
  /** What the reader typed, shown field by field. */
  expression: string;
  app: string;
  /** The reader's IANA time zone; null until known (the server does not know it). */
  timeZone: string | null;
  errorId: string;
  onSuggestion: (expression: string) => void;
};

/** The five fields the reader typed, each under its name; the one that is wrong outlined in red. */
function Fields({expression, wrong}: {expression: string; wrong: number | undefined}): ReactNode {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== FIELD_NAMES.length) return null;
  return (
    <ol className={styles.fields} aria-label="Fields">
      {fields.map((field, index) => (
        <li key={FIELD_NAMES[index]} className={clsx(styles.field, index === wrong && styles.fieldWrong)}>
          <code>{field}</code>
          <span>
            {FIELD_NAMES[index]}
            {index === wrong && <span className="visually-hidden"> (wrong)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function CronOutput({result, expression, app, timeZone, errorId, onSuggestion}: Props): ReactNode {
  const runsTitleId = useId();
  const utc = formatter('UTC');
  const zone = timeZone ? formatter(timeZone) : null;
  // A reader on UTC (or on a zone at UTC for every run listed) would see each time twice.
  const local = zone && result.ok && result.next.some((date) => zone.format(date) !== utc.format(date)) ? zone : null;
  // Until the reader's zone is known (the server render), the column is there, empty.
  const localColumn = local !== null || timeZone === null;
  return (
    <>
      <Fields expression={expression} wrong={result.ok ? undefined : result.field} />
      {!result.ok && (
        <p id={errorId} className={clsx('alert alert--danger', styles.error)}>
          {result.message}
          {result.suggestion && (
            <>
              {' '}
              Try{' '}
              <button
                type="button"
                className={clsx('button button--sm button--outline button--primary', styles.suggestion)}
                onClick={() => onSuggestion(result.suggestion!)}
              >
                {result.suggestion}
              </button>
            </>
          )}
        </p>
      )}
      {result.ok && (
        <div>
          <p>
            <strong>Runs:</strong> {result.description} (UTC).
          </p>
          {result.withoutRepeats && (
            <p className={clsx('alert alert--info', styles.note)}>
              This expression names some times twice (0 and 7 are both Sunday, for example); the runs below take each time once, as standard cron does. Some
              cron tools refuse repeated values and whether Tower&apos;s API accepts them is not confirmed, so you may prefer the same schedule without repeats:{' '}
              <button
                type="button"
                className={clsx('button button--sm button--outline button--primary', styles.suggestion)}
                onClick={() => onSuggestion(result.withoutRepeats!)}
              >
                {result.withoutRepeats}
              </button>
            </p>
          )}
          {result.bothDayFields && (
            <p className="alert alert--warning">
              Both day of month and day of week are set. The runs below follow the common cron rule: a day matches when either field matches. Cron
              implementations differ here and Tower&apos;s docs do not say which rule its scheduler uses, so check the next run in the web app after you create
              the schedule.
            </p>
          )}
          {localColumn ? (
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Next runs">
              <table>
                <caption>Next {result.next.length} runs</caption>
                <thead>
                  <tr>
                    <th scope="col">UTC</th>
                    <th scope="col">Your time{timeZone ? ` (${timeZone})` : ''}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.next.map((date) => (
                    <tr key={date.getTime()}>
                      <td>
                        <time dateTime={date.toISOString()}>{utc.format(date)}</time>
                      </td>
                      <td>{local ? local.format(date) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            // One zone only: a table of a single column reads heavier than the list it is.
            <div role="region" aria-label="Next runs">
              <p id={runsTitleId} className={styles.runsTitle}>
                Next {result.next.length} runs, in UTC, which is also your time ({timeZone}):
              </p>
              <ol className={styles.runList} aria-labelledby={runsTitleId}>
                {result.next.map((date) => (
                  <li key={date.getTime()}>
                    <time dateTime={date.toISOString()}>{utc.format(date)}</time>
                  </li>
                ))}
              </ol>
            </div>
          )}
          <p className="margin-bottom--sm">Create the schedule:</p>
          <CodeBlock className="language-bash">{scheduleCommand(app, result.expression)}</CodeBlock>
        </div>
      )}
    </>
  );
}
