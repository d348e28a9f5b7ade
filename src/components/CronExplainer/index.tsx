/**
 * The schedule explainer (a page asks for it with ::cron-explainer{app="..." cron="..."}): an input
 * labelled "Cron expression" that turns a five-field expression into plain English, the next runs
 * in UTC and in the reader's time zone, and the matching `tower schedules create` command.
 *
 * The page carries only this light half: the input renders with the page, and the rest (./engine:
 * the cron libraries and the output, ./Output) loads once the explainer scrolls into view or the
 * reader uses it.
 */
import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import type * as EngineModule from './engine';
import styles from './styles.module.css';

type Engine = typeof EngineModule;

type Props = {
  /** App name used in the generated command. */
  app?: string;
  /** The expression the input starts with. */
  cron?: string;
  /** Level of the explainer's heading: one below the section it sits in (plugins/reader-tools works it out). */
  headingLevel?: string;
};

const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'] as const;

const ANNOUNCE_DELAY_MS = 700;

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

export default function CronExplainer({app = 'my-app', cron = '0 6 * * 1-5', headingLevel = '3'}: Props): ReactNode {
  const id = useId();
  const root = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
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

  const Heading = HEADINGS.find((tag) => tag === `h${headingLevel}`) ?? 'h3';
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = result !== undefined && !result.ok;
  // The suggestion's button goes away with the error: keep the reader in the input.
  const takeSuggestion = (suggestion: string) => {
    setExpression(suggestion);
    input.current?.focus();
  };

  return (
    // The heading has no id: the page's outline (and its search sections) come from the Markdown's own headings.
    <section ref={root} aria-label="Schedule explainer" className={styles.explainer} onFocus={load} onPointerEnter={load}>
      <Heading className={styles.title}>Schedule explainer</Heading>
      <label htmlFor={inputId} className={styles.label}>
        Cron expression
      </label>
      <input
        ref={input}
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
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      {failed && <p className="alert alert--danger">The explainer could not load. Reload the page to try again.</p>}
      {engine && result && (
        <engine.CronOutput result={result} expression={expression} app={app} timeZone={timeZone} errorId={errorId} onSuggestion={takeSuggestion} />
      )}
    </section>
  );
}
