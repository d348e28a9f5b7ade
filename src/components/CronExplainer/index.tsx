/**
 * The schedule explainer (a page asks for it with ::cron-explainer{app="..." cron="..."}): an input
 * labelled "Cron expression" that turns a five-field expression into plain English, the next runs
 * in UTC and in the reader's time zone, and the matching `tower schedules create` command.
 *
 * The page carries only this light half: the input renders with the page, and the cron libraries
 * (./engine) load once the explainer scrolls into view or the reader uses it.
 */
import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import {scheduleCommand} from './fields';
import styles from './styles.module.css';

type Engine = typeof import('./engine');

type Props = {
  /** App name used in the generated command. */
  app?: string;
  /** The expression the input starts with. */
  cron?: string;
};

const ANNOUNCE_DELAY_MS = 700;

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

/** Loads the engine the first time the element is near the viewport, or at once without IntersectionObserver. */
function useEngineWhenVisible(element: React.RefObject<HTMLElement | null>): [Engine | null, () => void, boolean] {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const load = () => {
    if (started.current) return;
    started.current = true;
    import('./engine').then(setEngine, () => setFailed(true));
  };
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      load();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      {rootMargin: '200px'},
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return [engine, load, failed];
}

export default function CronExplainer({app = 'my-app', cron = '0 6 * * 1-5'}: Props): ReactNode {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const [expression, setExpression] = useState(cron);
  const [engine, load, failed] = useEngineWhenVisible(root);
  const [announcement, setAnnouncement] = useState('');
  const [timeZone, setTimeZone] = useState<string | null>(null);
  // The reader's zone is only known in the browser; reading it after mount keeps hydration exact.
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'), []);

  const result = engine?.explainCron(expression);
  const spoken = failed
    ? 'The explainer could not load. Reload the page to try again.'
    : !result
      ? ''
      : result.ok
        ? `${result.description}, UTC.`
        : result.message;
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnouncement(spoken), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [spoken]);

  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = result !== undefined && !result.ok;
  const utc = formatter('UTC');
  const local = timeZone ? formatter(timeZone) : null;

  return (
    <div ref={root} className={styles.explainer} onFocus={load} onPointerEnter={load}>
      <label htmlFor={inputId} className={styles.label}>
        Cron expression
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="text"
        value={expression}
        onChange={(event) => setExpression(event.target.value)}
        aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
        aria-invalid={invalid}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        inputMode="text"
      />
      <p id={hintId} className={styles.hint}>
        Five fields: minute, hour, day of month, month, day of week. Times are UTC, the default of schedules created with the CLI.
      </p>
      <div role="status" aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </div>
      {failed && <p className={styles.error}>The explainer could not load. Reload the page to try again.</p>}
      {result && !result.ok && (
        <div id={errorId} className={styles.error}>
          <p>{result.message}</p>
          {result.suggestion && (
            <p>
              Try{' '}
              <button type="button" className={clsx('clean-btn', styles.suggestion)} onClick={() => setExpression(result.suggestion!)}>
                {result.suggestion}
              </button>
            </p>
          )}
        </div>
      )}
      {result?.ok && (
        <div className={styles.output}>
          <p className={styles.description}>
            <span className={styles.runsLabel}>Runs:</span> {result.description} (UTC).
          </p>
          {result.bothDayFields && (
            <p className={styles.note}>
              Both day of month and day of week are set. The runs below follow the common cron rule: a day matches when either field
              matches. Cron implementations differ here and Tower&apos;s docs do not say which rule its scheduler uses, so check the next
              run in the web app after you create the schedule.
            </p>
          )}
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Next runs">
            <table className={styles.runs}>
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
          <p className={styles.commandLabel}>Create the schedule:</p>
          <CodeBlock className="language-bash">{scheduleCommand(app, result.expression)}</CodeBlock>
        </div>
      )}
    </div>
  );
}
