/**
 * Replaces the theme's CodeBlock outright (no wrapper): the stock component
 * imports prism-react-renderer and re-renders every block once the page has
 * hydrated, which kept Prism in the main bundle and added long tasks on pages
 * with many samples. Here the code arrives highlighted from the build
 * (plugins/code-highlight) as an `html` prop; the component only lays it out.
 * Highlighted lines and line numbers arrive in the markup too
 * (plugins/code-highlight/lines.ts); numbers are CSS counters, so copying never
 * picks them up. Code that reaches it without `html` (a component passing a
 * string) is shown as plain text.
 *
 * The block is a frame: a header row with the title (or the language, or
 * "Output" for a fence flagged `output`) and the buttons, then the code, so a
 * button never covers a line. The buttons' icons are CSS masks on the buttons
 * themselves, not inline SVG: a page such as the CLI reference has almost two
 * hundred code blocks, and four elements per block less is that much less for
 * the browser to parse and for React to hydrate. The component keeps no state: the copy and
 * wrap buttons work through one listener for the whole document (./actions.ts),
 * so a button works before hydration as well as after it.
 */
import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import {CODE_ACTION, COPY_LABELS, observeOverflow, WRAP_LABEL} from './actions';
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
  /** The fence is flagged `output`: what the command before it prints. */
  output?: boolean;
  /** A line is long enough to overflow a phone (set by the build; worked out here for plain strings). */
  wrappable?: boolean;
};

/** What the header says when the fence has no title. */
const LANGUAGE_LABELS: Record<string, string> = {
  bash: 'Shell',
  sh: 'Shell',
  shell: 'Shell',
  python: 'Python',
  toml: 'TOML',
  json: 'JSON',
  yaml: 'YAML',
  sql: 'SQL',
};

/** Same limit as plugins/code-highlight (LONGEST_LINE_THAT_FITS), for code passed as a string. */
const LONGEST_LINE_THAT_FITS = 30;

export default function CodeBlock({children, className, html, title, lineNumbersStart, output, wrappable}: Props): ReactNode {
  const language = /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1];
  const content = html !== undefined ? {dangerouslySetInnerHTML: {__html: html}} : {children};
  const canWrap = wrappable ?? (typeof children === 'string' && children.split('\n').some((line) => line.length > LONGEST_LINE_THAT_FITS));
  const numbered = lineNumbersStart !== undefined;
  const counter = numbered ? ({counterReset: `code-line ${lineNumbersStart - 1}`} as CSSProperties) : undefined;
  // The label is drawn from an attribute (CSS content): shown and read out, but not page text
  // that search would index under every block.
  const label = output ? 'Output' : language ? LANGUAGE_LABELS[language] : undefined;
  return (
    <div className={clsx('theme-code-block', language && `language-${language}`, styles.block, output && styles.output)}>
      <div className={styles.header}>
        {title ? <div className={styles.title}>{title}</div> : <span className={styles.label} data-label={label} />}
        <div className={styles.buttons}>
          {canWrap && (
            // Shown by ./actions.ts only while a line overflows the block.
            <button
              type="button"
              className={clsx('clean-btn', styles.button, styles.wrapButton)}
              data-code-action={CODE_ACTION.wrap}
              aria-pressed="false"
              aria-label={WRAP_LABEL}
              title={WRAP_LABEL}
              hidden
            />
          )}
          <button
            type="button"
            className={clsx('clean-btn', styles.button, styles.copyButton)}
            data-code-action={CODE_ACTION.copy}
            aria-label={COPY_LABELS.idle.button}
            title={COPY_LABELS.idle.button}
          >
            <span className="visually-hidden" role="status" aria-live="polite" />
          </button>
        </div>
      </div>
      <pre ref={canWrap ? observeOverflow : undefined} tabIndex={0} className={clsx(styles.pre, 'thin-scrollbar')}>
        <code className={clsx(styles.code, numbered && styles.numbered)} style={counter} {...content} />
      </pre>
    </div>
  );
}
