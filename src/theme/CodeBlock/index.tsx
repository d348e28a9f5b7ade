/**
 * Replaces the theme's CodeBlock outright (no wrapper): the stock component
 * imports prism-react-renderer and re-renders every block once the page has
 * hydrated, which kept Prism in the main bundle and added long tasks on pages
 * with many samples. Here the code arrives highlighted from the build
 * (plugins/code-highlight) as an `html` prop; the component only lays it out
 * and offers a copy button, and a wrap toggle when a line is long. Highlighted
 * lines and line numbers arrive in the markup too (plugins/code-highlight/lines.ts);
 * numbers are CSS counters, so copying never picks them up. Code that reaches
 * it without `html` (a component passing a string) is shown as plain text.
 */
import {useRef, useState, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCopyFeedback} from '@site/src/hooks/useCopyFeedback';
import styles from './styles.module.css';

type Props = {
  children?: ReactNode;
  className?: string;
  /** Highlighted markup from plugins/code-highlight/rehype.ts. */
  html?: string;
  title?: string;
  metastring?: string;
  /** First line number, when the fence asks for showLineNumbers. */
  lineNumbersStart?: number;
};

/** Lines longer than this get the wrap toggle: about what a 390 px phone shows before the block scrolls sideways. */
const WRAP_TOGGLE_MIN_CHARS = 40;

function hasLongLine(code: string): boolean {
  return code.split('\n').some((line) => line.length > WRAP_TOGGLE_MIN_CHARS);
}

function WrapButton({wrapped, onToggle}: {wrapped: boolean; onToggle: () => void}): ReactNode {
  return (
    <button
      type="button"
      className={clsx('clean-btn', styles.button)}
      aria-pressed={wrapped}
      aria-label="Wrap long lines"
      title="Wrap long lines"
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
        <path fill="currentColor" d="M4 19h6v-2H4zM20 5H4v2h16zm-3 6H4v2h13.25c1.1 0 2 .9 2 2s-.9 2-2 2H15v-2l-3 3 3 3v-2h2c2.21 0 4-1.79 4-4s-1.79-4-4-4" />
      </svg>
    </button>
  );
}

function CopyButton({code}: {code: React.RefObject<HTMLElement | null>}): ReactNode {
  const [state, track] = useCopyFeedback(2000);
  const copy = (): void => track(navigator.clipboard.writeText(code.current?.textContent ?? ''));
  const label = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy code to clipboard';
  return (
    <button type="button" className={clsx('clean-btn', styles.button)} aria-label={label} title={label} onClick={copy}>
      {state === 'copied' ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m0 16H8V7h11z" />
        </svg>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Could not copy the code' : ''}
      </span>
    </button>
  );
}

export default function CodeBlock({children, className, html, title, lineNumbersStart}: Props): ReactNode {
  const code = useRef<HTMLElement>(null);
  const [wrapped, setWrapped] = useState(false);
  const language = /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1];
  const content = html !== undefined ? {dangerouslySetInnerHTML: {__html: html}} : {children};
  // The markup's text is the code (tags aside; an entity counts a few characters more, which only
  // matters for lines right at the limit).
  const wrappable = hasLongLine(html !== undefined ? html.replace(/<[^>]*>/g, '') : typeof children === 'string' ? children : '');
  const numbered = lineNumbersStart !== undefined;
  const counter = numbered ? ({counterReset: `code-line ${lineNumbersStart - 1}`} as CSSProperties) : undefined;
  return (
    <div className={clsx('theme-code-block', language && `language-${language}`, styles.block, wrappable && styles.twoButtons, wrapped && styles.wrapped)}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.body}>
        <pre tabIndex={0} className={clsx(styles.pre, 'thin-scrollbar')}>
          <code ref={code} className={clsx(styles.code, numbered && styles.numbered)} style={counter} {...content} />
        </pre>
        <div className={styles.buttons}>
          {wrappable && <WrapButton wrapped={wrapped} onToggle={() => setWrapped(!wrapped)} />}
          <CopyButton code={code} />
        </div>
      </div>
    </div>
  );
}
