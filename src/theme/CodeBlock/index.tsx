/**
 * Replaces the theme's CodeBlock outright (no wrapper): the stock component
 * imports prism-react-renderer and re-renders every block once the page has
 * hydrated, which kept Prism in the main bundle and added long tasks on pages
 * with many samples. Here the code arrives highlighted from the build
 * (plugins/code-highlight) as an `html` prop; the component only lays it out
 * and offers a copy button. Code that reaches it without `html` (a component
 * passing a string) is shown as plain text.
 */
import {useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCopyFeedback} from '@site/src/components/CopyFeedback';
import styles from './styles.module.css';

type Props = {
  children?: ReactNode;
  className?: string;
  /** Highlighted markup from plugins/code-highlight/rehype.ts. */
  html?: string;
  title?: string;
  metastring?: string;
};

function CopyButton({code}: {code: React.RefObject<HTMLElement | null>}): ReactNode {
  const [state, track] = useCopyFeedback(2000);
  const copy = (): void => track(navigator.clipboard.writeText(code.current?.textContent ?? ''));
  const label = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy code to clipboard';
  return (
    <button type="button" className={clsx('clean-btn', styles.copy)} aria-label={label} title={label} onClick={copy}>
      {state === 'copied' ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path
            fill="currentColor"
            d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m0 16H8V7h11z"
          />
        </svg>
      )}
      <span className={styles.status} role="status" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Could not copy the code' : ''}
      </span>
    </button>
  );
}

export default function CodeBlock({children, className, html, title}: Props): ReactNode {
  const code = useRef<HTMLElement>(null);
  const language = /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1];
  const content = html !== undefined ? {dangerouslySetInnerHTML: {__html: html}} : {children};
  return (
    <div className={clsx('theme-code-block', language && `language-${language}`, styles.block)}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.body}>
        <pre tabIndex={0} className={clsx(styles.pre, 'thin-scrollbar')}>
          <code ref={code} className={styles.code} {...content} />
        </pre>
        <CopyButton code={code} />
      </div>
    </div>
  );
}
