/**
 * The Towerfile checker (docs/reference/towerfile-checker.md asks for it with ::towerfile-checker).
 * The reader types or pastes a Towerfile and sees, as they type, every problem with its line, key
 * path, a plain message, a "did you mean" and the reference entry for the key; a file Tower accepts
 * gets a plan of what Tower will package and start. Everything runs in the browser.
 *
 * This file is the light half that the page's own chunk carries: the editor and persistence. The
 * parser, the compiled schema, the rules and the rendering of the results (./engine) load in a
 * separate chunk once the component mounts, so prefetching the page from a link elsewhere (the
 * Towerfile reference links here) stays cheap.
 *
 * A small file is checked as the reader types. A large one (a link can carry a long file) is
 * checked in a worker, a moment after the typing stops, so the page never stops answering; the
 * editor draws its line numbers as one piece of text and marks only the lines with problems, so
 * a long file costs the page no more than its text.
 */
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {createStorageSlot} from '@docusaurus/theme-common';
import type {TowerfileCheck, TowerfileProblem} from '@site/src/towerfile/check';
import {lineRange} from './lines';
import {EXAMPLE} from './example';
import {addressFor, openFromHash, opened, OPENED_TEXT_LIMIT, STORAGE_KEY, type OpenedText} from './persist';
import type * as EngineModule from './engine';
import styles from './styles.module.css';

type Engine = typeof EngineModule;

const INPUT_ID = 'towerfile-checker-input';
const HINT_ID = 'towerfile-checker-hint';
const SAVE_DELAY_MS = 300;
const ANNOUNCE_DELAY_MS = 700;
/** Files longer than this (in characters) are checked in a worker, once typing pauses for CHECK_DELAY_MS. */
const LARGE_FILE = 8 * 1024;
const CHECK_DELAY_MS = 300;
/** The editor's line height until it is measured (0.875rem at 1.5). */
const DEFAULT_LINE_PX = 21;
/** Line numbers drawn above the first line in view, and in all: more than the tallest editor shows. */
const GUTTER_MARGIN = 5;
const GUTTER_WINDOW = 200;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function summaryOf(text: string, result: TowerfileCheck | undefined, loaded: boolean): string {
  if (!loaded) return 'Loading the checker…';
  if (text.trim() === '') return 'Paste or type a Towerfile to check it.';
  if (!result) return 'Checking…';
  const {errors, warnings} = result;
  if (errors > 0) {
    return `${plural(errors, 'error')}${warnings ? ` and ${plural(warnings, 'warning')}` : ''}: Tower would refuse this Towerfile.`;
  }
  return warnings > 0 ? `Tower accepts this Towerfile, with ${plural(warnings, 'warning')}.` : 'Tower accepts this Towerfile.';
}

export default function TowerfileChecker(): ReactNode {
  const [text, setText] = useState(EXAMPLE);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [lineHeight, setLineHeight] = useState(DEFAULT_LINE_PX);
  const marks = useRef<HTMLDivElement>(null);
  const saveTimer = useRef<number | undefined>(undefined);
  const background = useRef<ReturnType<Engine['createBackgroundChecker']> | null>(null);
  const [largeResult, setLargeResult] = useState<{text: string; result: TowerfileCheck} | null>(null);
  // The length of a text from a link or from storage that was too long to open, while it is the last word.
  const [tooLong, setTooLong] = useState<number | null>(null);
  const storage = useMemo(() => createStorageSlot(STORAGE_KEY), []);

  useEffect(() => {
    const open = (found: OpenedText | null) => {
      if (found === null) return false;
      if ('text' in found) setText(found.text);
      setTooLong('tooLong' in found ? found.tooLong : null);
      return true;
    };
    if (!open(openFromHash(window.location.hash))) open(opened(storage.get()));
    import('./engine').then(setEngine, () => setLoadFailed(true));
    // A shared link pasted into the address bar of this page changes only the hash.
    const onHashChange = () => open(openFromHash(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      window.clearTimeout(saveTimer.current);
    };
  }, [storage]);

  const large = text.length > LARGE_FILE;
  const smallResult = useMemo(() => (engine && !large ? engine.check(text) : undefined), [engine, large, text]);
  useEffect(() => {
    if (!engine || !large) return undefined;
    const timer = window.setTimeout(() => {
      background.current ??= engine.createBackgroundChecker((checked, checkedResult) => setLargeResult({text: checked, result: checkedResult}));
      background.current.check(text);
    }, CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [engine, large, text]);
  useEffect(() => () => background.current?.stop(), []);
  const result = large ? (largeResult?.text === text ? largeResult.result : undefined) : smallResult;
  const summary = loadFailed ? 'The checker could not load. Reload the page to try again.' : summaryOf(text, result, engine !== null);

  useEffect(() => {
    const timer = window.setTimeout(() => setAnnouncement(summary), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary]);

  const update = (next: string) => {
    setText(next);
    setTooLong(null);
    window.clearTimeout(saveTimer.current);
    const page = window.location.pathname;
    saveTimer.current = window.setTimeout(() => {
      storage.set(next);
      const address = addressFor(window.location, page, next);
      if (address !== null) window.history.replaceState(window.history.state, '', address);
    }, SAVE_DELAY_MS);
  };

  const goToLine = (line: number, source = text) => {
    const element = textarea.current;
    if (!element) return;
    const [start, end] = lineRange(source, line);
    element.focus();
    element.setSelectionRange(start, end);
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
    element.scrollTop = Math.max(0, (line - 1) * lineHeight - element.clientHeight / 3);
  };

  const applyFix = (fixed: string, line: number) => {
    update(fixed);
    // The problem (and its button) goes away: put the reader back on the line they fixed.
    requestAnimationFrame(() => goToLine(line, fixed));
  };

  let lineCount = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineCount++;
  // The gutter holds only the numbers around the lines in view: a long file would otherwise lay out a number per line.
  const firstNumber = Math.max(0, Math.floor(scrollTop / lineHeight) - GUTTER_MARGIN);
  const lastNumber = Math.min(lineCount, firstNumber + GUTTER_WINDOW);
  const lineNumbers = Array.from({length: lastNumber - firstNumber}, (_, i) => firstNumber + i + 1).join('\n');
  const marked = new Map<number, TowerfileProblem['severity']>();
  for (const problem of result?.problems ?? []) {
    if (problem.line !== null && marked.get(problem.line) !== 'error') marked.set(problem.line, problem.severity);
  }
  const hasErrors = (result?.errors ?? 0) > 0;

  return (
    <div className={styles.checker}>
      <label htmlFor={INPUT_ID} className={styles.label}>
        Your Towerfile
      </label>
      <p id={HINT_ID} className={styles.hint}>
        Paste or type it here; it is checked as you type, in your browser, and sent nowhere.
      </p>
      <div className={styles.editor}>
        <div className={styles.gutter} aria-hidden="true">
          <div style={{transform: `translateY(${firstNumber * lineHeight - scrollTop}px)`}}>{lineNumbers}</div>
        </div>
        <div className={styles.field}>
          {/* Behind the text: a band on each line that has a problem, moved with the text as it scrolls. */}
          <div ref={marks} className={styles.marks} aria-hidden="true">
            {[...marked].map(([line, severity]) => (
              <span key={line} className={clsx(styles.mark, styles[`mark-${severity}`])} style={{top: `calc(${line - 1} * var(--checker-line))`}} />
            ))}
          </div>
          <textarea
            ref={textarea}
            id={INPUT_ID}
            className={styles.input}
            value={text}
            onChange={(event) => update(event.target.value)}
            onScroll={(event) => {
              const element = event.currentTarget;
              setScrollTop(element.scrollTop);
              setLineHeight(parseFloat(getComputedStyle(element).lineHeight) || DEFAULT_LINE_PX);
              if (marks.current) marks.current.style.transform = `translateY(${-element.scrollTop}px)`;
            }}
            aria-describedby={HINT_ID}
            aria-invalid={hasErrors}
            rows={Math.min(Math.max(lineCount + 1, 8), 24)}
            wrap="off"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
          />
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className="button button--secondary button--sm" onClick={() => update(EXAMPLE)}>
          Load the example
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            update('');
            textarea.current?.focus();
          }}
        >
          Clear
        </button>
      </div>
      <noscript>
        <p className={styles.hint}>The checker runs in your browser and needs JavaScript.</p>
      </noscript>

      <p className={clsx('alert', hasErrors ? 'alert--danger' : result && text.trim() !== '' ? 'alert--success' : 'alert--secondary', styles.summary)}>
        {summary}
      </p>
      {tooLong !== null && (
        <p className={clsx('alert alert--warning', styles.summary)}>
          The link (or what this browser kept) holds {Math.ceil(tooLong / 1024)} KiB of text, and the checker opens up to {OPENED_TEXT_LIMIT / 1024} KiB that
          way; a Towerfile is usually under 1 KiB. To check it anyway, paste it into the box.
        </p>
      )}
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>

      {engine && result && text.trim() !== '' && <engine.Results result={result} text={text} onGoToLine={goToLine} onFix={applyFix} />}
    </div>
  );
}
