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
 */
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {createStorageSlot} from '@docusaurus/theme-common';
import type {TowerfileCheck, TowerfileProblem} from '@site/src/towerfile/check';
import {lineRange} from './lines';
import {EXAMPLE} from './example';
import {hashFor, STORAGE_KEY, textFromHash} from './persist';
import type * as EngineModule from './engine';
import styles from './styles.module.css';

type Engine = typeof EngineModule;

const INPUT_ID = 'towerfile-checker-input';
const HINT_ID = 'towerfile-checker-hint';
const SAVE_DELAY_MS = 300;
const ANNOUNCE_DELAY_MS = 700;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryOf(text: string, result: TowerfileCheck | undefined): string {
  if (!result) return 'Loading the checker…';
  if (text.trim() === '') return 'Paste or type a Towerfile to check it.';
  const errors = result.problems.filter((p) => p.severity === 'error').length;
  const warnings = result.problems.length - errors;
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
  const gutter = useRef<HTMLDivElement>(null);
  const saveTimer = useRef<number | undefined>(undefined);
  const storage = useMemo(() => createStorageSlot(STORAGE_KEY), []);

  useEffect(() => {
    const saved = textFromHash(window.location.hash) ?? storage.get();
    if (saved !== null) setText(saved);
    import('./engine').then(setEngine, () => setLoadFailed(true));
    // A shared link pasted into the address bar of this page changes only the hash.
    const onHashChange = () => {
      const shared = textFromHash(window.location.hash);
      if (shared !== null) setText(shared);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      window.clearTimeout(saveTimer.current);
    };
  }, [storage]);

  const result = useMemo(() => engine?.check(text), [engine, text]);
  const summary = loadFailed ? 'The checker could not load. Reload the page to try again.' : summaryOf(text, result);

  useEffect(() => {
    const timer = window.setTimeout(() => setAnnouncement(summary), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary]);

  const update = (next: string) => {
    setText(next);
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      storage.set(next);
      const {pathname, search} = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hashFor(next)}`);
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

  const lineCount = text.split('\n').length;
  const marks = new Map<number, TowerfileProblem['severity']>();
  for (const problem of result?.problems ?? []) {
    if (problem.line !== null && marks.get(problem.line) !== 'error') marks.set(problem.line, problem.severity);
  }
  const hasErrors = result?.problems.some((p) => p.severity === 'error') ?? false;

  return (
    <div className={styles.checker} data-reader-tool="towerfile-checker">
      <label htmlFor={INPUT_ID} className={styles.label}>
        Your Towerfile
      </label>
      <p id={HINT_ID} className={styles.hint}>
        Paste or type it here; it is checked as you type, in your browser, and sent nowhere.
      </p>
      <div className={styles.editor}>
        <div ref={gutter} className={styles.gutter} aria-hidden="true">
          {Array.from({length: lineCount}, (_, i) => (
            <span key={i} className={clsx(marks.get(i + 1) && styles[`mark-${marks.get(i + 1)}`])}>
              {i + 1}
            </span>
          ))}
        </div>
        <textarea
          ref={textarea}
          id={INPUT_ID}
          className={styles.input}
          value={text}
          onChange={(event) => update(event.target.value)}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
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
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>

      {engine && result && text.trim() !== '' && <engine.Results result={result} text={text} onGoToLine={goToLine} onFix={applyFix} />}
    </div>
  );
}
