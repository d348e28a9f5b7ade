/**
 * What the schedule explainer shows for an expression: the error and a suggestion, or the
 * plain-English description, the next runs in UTC and in the reader's time zone, and the
 * `tower schedules create` command. Part of the lazily loaded half (./engine).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import type {CronExplanation} from './explain';
import {scheduleCommand} from './fields';
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
  app: string;
  /** The reader's IANA time zone; null until known (the server does not know it). */
  timeZone: string | null;
  errorId: string;
  onSuggestion: (expression: string) => void;
};

export default function CronOutput({result, app, timeZone, errorId, onSuggestion}: Props): ReactNode {
  const utc = formatter('UTC');
  const zone = timeZone ? formatter(timeZone) : null;
  // A reader on UTC (or on a zone at UTC for every run listed) would see each time twice.
  const local = zone && result.ok && result.next.some((date) => zone.format(date) !== utc.format(date)) ? zone : null;
  // Until the reader's zone is known (the server render), the column is there, empty.
  const localColumn = local !== null || timeZone === null;
  return (
    <>
      {!result.ok && (
        <div id={errorId} className="alert alert--danger">
          <p>{result.message}</p>
          {result.suggestion && (
            <p>
              Try{' '}
              <button type="button" className={clsx('clean-btn', styles.suggestion)} onClick={() => onSuggestion(result.suggestion!)}>
                {result.suggestion}
              </button>
            </p>
          )}
        </div>
      )}
      {result.ok && (
        <div>
          <p>
            <strong>Runs:</strong> {result.description} (UTC).
          </p>
          {result.bothDayFields && (
            <p className="alert alert--warning">
              Both day of month and day of week are set. The runs below follow the common cron rule: a day matches when either field matches. Cron
              implementations differ here and Tower&apos;s docs do not say which rule its scheduler uses, so check the next run in the web app after you create
              the schedule.
            </p>
          )}
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Next runs">
            <table>
              <caption>
                Next {result.next.length} runs{!localColumn ? `, in UTC, which is also your time (${timeZone})` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">UTC</th>
                  {localColumn && <th scope="col">Your time{timeZone ? ` (${timeZone})` : ''}</th>}
                </tr>
              </thead>
              <tbody>
                {result.next.map((date) => (
                  <tr key={date.getTime()}>
                    <td>
                      <time dateTime={date.toISOString()}>{utc.format(date)}</time>
                    </td>
                    {localColumn && <td>{local ? local.format(date) : ''}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="margin-bottom--sm">Create the schedule:</p>
          <CodeBlock className="language-bash">{scheduleCommand(app, result.expression)}</CodeBlock>
        </div>
      )}
    </>
  );
}
