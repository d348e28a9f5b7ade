/**
 * The checker's results: each problem with its line, key path, message, suggestion and reference
 * link, then, for a file Tower accepts, what Tower will do with it. Part of the lazily loaded half
 * (./engine).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {TowerfileCheck, TowerfilePlan, TowerfileProblem} from '@site/src/towerfile/check';
import {NEVER_PACKAGED} from '@site/src/towerfile/packaging';
import {keyPathLabel, TOWERFILE_REFERENCE_ROUTE} from '@site/src/towerfile/reference';
import {lineRange} from './lines';
import styles from './styles.module.css';

/** The text with the misspelt key of `problem` renamed to its suggestion, or null when it cannot be found. */
export function withSuggestion(text: string, problem: TowerfileProblem): string | null {
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

type Props = {
  result: TowerfileCheck;
  text: string;
  onGoToLine: (line: number) => void;
  /** Called with the fixed text and the line of the fix. */
  onFix: (fixed: string, line: number) => void;
};

export default function Results({result, text, onGoToLine, onFix}: Props): ReactNode {
  const unlisted = result.errors + result.warnings - result.problems.length;
  return (
    <>
      {result.problems.length > 0 && (
        <ol className={styles.problems} aria-label="Problems">
          {result.problems.map((problem, index) => {
            const fixed = withSuggestion(text, problem);
            return (
              <ProblemItem
                key={`${problem.line}-${problem.keyPath}-${index}`}
                problem={problem}
                onGoToLine={onGoToLine}
                onFix={fixed === null ? undefined : () => onFix(fixed, problem.line!)}
              />
            );
          })}
        </ol>
      )}
      {unlisted > 0 && (
        <p className={styles.more}>
          And {unlisted.toLocaleString('en-US')} more {unlisted === 1 ? 'problem' : 'problems'}, not listed: fix these and check again.
        </p>
      )}
      {result.plan && <PlanView plan={result.plan} />}
    </>
  );
}

function ProblemItem({problem, onGoToLine, onFix}: {problem: TowerfileProblem; onGoToLine: (line: number) => void; onFix?: () => void}): ReactNode {
  const {severity, line, column, keyPath, message, suggestion, anchor} = problem;
  const referenceLabel = suggestion
    ? keyPathLabel([...problem.path.slice(0, -1), suggestion]).replace(/\[\d+\]/g, '[]')
    : keyPath.replace(/\[\d+\]/g, '[]') || 'Common errors';
  return (
    <li className={clsx('alert', severity === 'error' ? 'alert--danger' : 'alert--warning', styles.problem)}>
      <div className={styles.problemHead}>
        <strong>{severity === 'error' ? 'Error' : 'Warning'}</strong>
        {line !== null ? (
          <button
            type="button"
            className={clsx('clean-btn', styles.linkButton)}
            onClick={() => onGoToLine(line)}
            aria-label={`Go to line ${line}${column ? `, column ${column}` : ''}`}
          >
            Line {line}
            {column ? `:${column}` : ''}
          </button>
        ) : (
          <span>Whole file</span>
        )}
        {keyPath && <code>{keyPath}</code>}
      </div>
      <p className={styles.line}>{message}</p>
      {suggestion && (
        <p className={styles.line}>
          Did you mean <code>{suggestion}</code>?{' '}
          {onFix && (
            <button type="button" className={clsx('button button--sm button--primary', styles.fix)} onClick={onFix}>
              Rename to {suggestion}
            </button>
          )}
        </p>
      )}
      <Link to={`${TOWERFILE_REFERENCE_ROUTE}#${anchor}`}>Reference: {referenceLabel}</Link>
    </li>
  );
}

function PlanView({plan}: {plan: TowerfilePlan}): ReactNode {
  const reference = (anchor: string, label: string) => <Link to={`${TOWERFILE_REFERENCE_ROUTE}#${anchor}`}>{label}</Link>;
  const dependencies = (() => {
    if (plan.source.length === 0) {
      return 'Whichever of pyproject.toml (installed with uv sync) or requirements.txt (uv pip install -r) is in the folder, pyproject.toml first; with neither, nothing is installed.';
    }
    const [first, second] = plan.dependencyFiles;
    if (!first) return 'No source pattern includes pyproject.toml or requirements.txt, so nothing is installed before the run.';
    const how = (file: string) => (file === 'pyproject.toml' ? 'uv sync' : 'uv pip install -r requirements.txt');
    return second ? `pyproject.toml with uv sync if it exists; otherwise requirements.txt with ${how(second)}.` : `${first}, if it exists, with ${how(first)}.`;
  })();
  return (
    <section aria-labelledby="towerfile-checker-plan">
      <h2 id="towerfile-checker-plan">What Tower will do with this Towerfile</h2>
      <dl className={styles.facts}>
        <dt>App</dt>
        <dd>
          <code>{plan.name}</code>: <code>tower deploy</code> uploads a new version of this app, and <code>tower run</code> in this folder runs it.{' '}
          {reference('appname', 'app.name')}
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
          Never: {NEVER_PACKAGED.join(', ')}. {reference('what-gets-packaged', 'What gets packaged')}
        </dd>
        {plan.importPaths.length > 0 && (
          <>
            <dt>Shared code</dt>
            <dd>
              <ul>
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
          <table>
            <caption>Parameters: each run gets them as environment variables. {reference('parameters', '[[parameters]]')}</caption>
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
                    {parameter.hidden && (
                      <>
                        {' '}
                        <span className="badge badge--secondary">hidden</span>
                      </>
                    )}
                  </th>
                  <td>{parameter.default === '' ? <em>empty</em> : <code>{parameter.default}</code>}</td>
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
