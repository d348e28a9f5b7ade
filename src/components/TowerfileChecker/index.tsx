/**
 * The Towerfile checker (docs/reference/towerfile-checker.md asks for it with ::towerfile-checker).
 * The reader types or pastes a Towerfile and sees, as they type, every problem with its line, key
 * path, a plain message, a "did you mean" and the reference entry for the key; a file Tower accepts
 * gets a plan of what Tower will package and start. Everything runs in the browser.
 *
 * This file is the light half that the page's own chunk carries: the editor, persistence and the
 * rendering. The parser, the compiled schema and the rules (./engine) load in a separate chunk
 * once the component mounts, so prefetching the page from a link elsewhere stays cheap.
 */
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {createStorageSlot} from '@docusaurus/theme-common';
import type {TowerfileCheck, TowerfilePlan, TowerfileProblem} from '@site/src/towerfile/check';
import {keyPathLabel, TOWERFILE_REFERENCE_ROUTE} from '@site/src/towerfile/reference';
import {EXAMPLE} from './example';
import {hashFor, STORAGE_KEY, textFromHash} from './persist';
import styles from './styles.module.css';

type Engine = typeof import('./engine');


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

/** The character offsets of a 1-based line. */
function lineRange(text: string, line: number): [number, number] {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return [text.length, text.length];
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end === -1 ? text.length : end];
}

/** The text with the misspelt key of `problem` renamed to its suggestion, or null when it cannot be found. */
function withSuggestion(text: string, problem: TowerfileProblem): string | null {
  if (!problem.suggestion || problem.line === null) return null;
  const wrong = problem.path[problem.path.length - 1];
  const [start, end] = lineRange(text, problem.line);
  const line = text.slice(start, end);
  const escaped = wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^(\\s*(?:\\[\\[?\\s*)?(?:[\\w-]+\\s*\\.\\s*)*)(["']?)${escaped}\\2(?=\\s*(?:=|\\]))`);
  if (!pattern.test(line)) return null;
  const fixed = line.replace(pattern, (_all, before: string, quote: string) => `${before}${quote}${problem.suggestion}${quote}`);
  return text.slice(0, start) + fixed + text.slice(end);
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
    return () => window.clearTimeout(saveTimer.current);
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

  const applySuggestion = (problem: TowerfileProblem) => {
    const fixed = withSuggestion(text, problem);
    if (fixed === null) return;
    update(fixed);
    // The problem (and its button) goes away: put the reader back on the line they fixed.
    requestAnimationFrame(() => goToLine(problem.line!, fixed));
  };

  const lineCount = text.split('\n').length;
  const marks = new Map<number, TowerfileProblem['severity']>();
  for (const problem of result?.problems ?? []) {
    if (problem.line !== null && marks.get(problem.line) !== 'error') marks.set(problem.line, problem.severity);
  }
  const hasErrors = result?.problems.some((p) => p.severity === 'error') ?? false;

  return (
    <div className={styles.checker}>
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
          }}>
          Clear
        </button>
      </div>
      <noscript>
        <p className={styles.hint}>The checker runs in your browser and needs JavaScript.</p>
      </noscript>

      <p className={clsx(styles.summary, hasErrors ? styles.summaryError : result && styles.summaryOk)}>{summary}</p>
      <div role="status" aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </div>

      {result && result.problems.length > 0 && (
        <ol className={styles.problems} aria-label="Problems">
          {result.problems.map((problem, index) => (
            <ProblemItem
              key={`${problem.line}-${problem.keyPath}-${index}`}
              problem={problem}
              canFix={withSuggestion(text, problem) !== null}
              onGoToLine={goToLine}
              onFix={applySuggestion}
            />
          ))}
        </ol>
      )}

      {result?.plan && text.trim() !== '' && engine && <PlanView plan={result.plan} neverPackaged={engine.NEVER_PACKAGED} />}
    </div>
  );
}

function ProblemItem({
  problem,
  canFix,
  onGoToLine,
  onFix,
}: {
  problem: TowerfileProblem;
  canFix: boolean;
  onGoToLine: (line: number) => void;
  onFix: (problem: TowerfileProblem) => void;
}): ReactNode {
  const {severity, line, column, keyPath, message, suggestion, anchor} = problem;
  const referenceLabel = suggestion
    ? keyPathLabel([...problem.path.slice(0, -1), suggestion]).replace(/\[\d+\]/g, '[]')
    : keyPath.replace(/\[\d+\]/g, '[]') || 'Common errors';
  return (
    <li className={clsx(styles.problem, styles[severity])}>
      <div className={styles.problemHead}>
        <span className={styles.severity}>{severity === 'error' ? 'Error' : 'Warning'}</span>
        {line !== null ? (
          <button
            type="button"
            className={clsx('clean-btn', styles.lineButton)}
            onClick={() => onGoToLine(line)}
            aria-label={`Go to line ${line}${column ? `, column ${column}` : ''}`}>
            Line {line}
            {column ? `:${column}` : ''}
          </button>
        ) : (
          <span className={styles.lineless}>Whole file</span>
        )}
        {keyPath && <code className={styles.keyPath}>{keyPath}</code>}
      </div>
      <p className={styles.message}>{message}</p>
      {suggestion && (
        <p className={styles.suggestion}>
          Did you mean <code>{suggestion}</code>?{' '}
          {canFix && (
            <button type="button" className={clsx('clean-btn', styles.fixButton)} onClick={() => onFix(problem)}>
              Rename to {suggestion}
            </button>
          )}
        </p>
      )}
      <Link className={styles.reference} to={`${TOWERFILE_REFERENCE_ROUTE}#${anchor}`}>
        Reference: {referenceLabel}
      </Link>
    </li>
  );
}

function PlanView({plan, neverPackaged}: {plan: TowerfilePlan; neverPackaged: readonly string[]}): ReactNode {
  const reference = (anchor: string, label: string) => (
    <Link to={`${TOWERFILE_REFERENCE_ROUTE}#${anchor}`} className={styles.reference}>
      {label}
    </Link>
  );
  const dependencies = (() => {
    if (plan.source.length === 0) {
      return 'Whichever of pyproject.toml (installed with uv sync) or requirements.txt (uv pip install -r) is in the folder, pyproject.toml first; with neither, nothing is installed.';
    }
    const [first, second] = plan.dependencyFiles;
    if (!first) return 'No source pattern includes pyproject.toml or requirements.txt, so nothing is installed before the run.';
    const how = (file: string) => (file === 'pyproject.toml' ? 'uv sync' : 'uv pip install -r requirements.txt');
    return second
      ? `pyproject.toml with uv sync if it exists; otherwise requirements.txt with ${how(second)}.`
      : `${first}, if it exists, with ${how(first)}.`;
  })();
  return (
    <section className={styles.plan} aria-labelledby="towerfile-checker-plan">
      <h2 id="towerfile-checker-plan" className={styles.planTitle}>
        What Tower will do with this Towerfile
      </h2>
      <dl className={styles.facts}>
        <dt>App</dt>
        <dd>
          <code>{plan.name}</code>: <code>tower deploy</code> uploads a new version of this app, and <code>tower run</code> in this
          folder runs it. {reference('appname', 'app.name')}
        </dd>
        <dt>Starts</dt>
        <dd>
          <code>{plan.script}</code>
          {plan.runner ? (
            <>
              {' '}
              with <code>{plan.runner}</code>, in the package&apos;s <code>app/</code> folder.
            </>
          ) : (
            '.'
          )}{' '}
          {reference('appscript', 'app.script')}
        </dd>
        <dt>Packages</dt>
        <dd>
          {plan.source.length === 0 ? (
            <>Every file in the Towerfile&apos;s folder and below.</>
          ) : (
            <>
              Files matching{' '}
              {plan.source.map((pattern, i) => (
                <span key={pattern}>
                  {i > 0 && (i === plan.source.length - 1 ? ' and ' : ', ')}
                  <code>{pattern}</code>
                </span>
              ))}
              , with everything inside a matching folder.
            </>
          )}{' '}
          Never: {neverPackaged.join(', ')}. {reference('what-gets-packaged', 'What gets packaged')}
        </dd>
        {plan.importPaths.length > 0 && (
          <>
            <dt>Shared code</dt>
            <dd>
              <ul className={styles.inlineList}>
                {plan.importPaths.map(({path, module}) => (
                  <li key={path}>
                    <code>{path}</code> is packaged as <code>{module}/</code> and put on <code>PYTHONPATH</code>.
                  </li>
                ))}
              </ul>
              Each folder must exist when you deploy. {reference('appimport_paths', 'app.import_paths')}
            </dd>
          </>
        )}
        <dt>Installs</dt>
        <dd>
          {dependencies} {reference('how-tower-runs-the-app', 'How Tower runs the app')}
        </dd>
        {plan.description !== undefined && (
          <>
            <dt>Description</dt>
            <dd>
              “{plan.description}”, used only when <code>tower deploy</code> creates the app. {reference('appdescription', 'app.description')}
            </dd>
          </>
        )}
      </dl>
      {plan.parameters.length > 0 ? (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Parameters">
          <table className={styles.parameters}>
            <caption>
              Parameters: each run gets them as environment variables. {reference('parameters', '[[parameters]]')}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Default</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {plan.parameters.map((parameter, i) => (
                <tr key={`${parameter.name}-${i}`}>
                  <th scope="row">
                    <code>{parameter.name || '(no name)'}</code>
                    {parameter.hidden && <span className={styles.tag}>hidden</span>}
                  </th>
                  <td>{parameter.default === '' ? <span className={styles.empty}>empty</span> : <code>{parameter.default}</code>}</td>
                  <td>{parameter.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No parameters: runs take no inputs from the Towerfile. {reference('parameters', '[[parameters]]')}</p>
      )}
    </section>
  );
}
