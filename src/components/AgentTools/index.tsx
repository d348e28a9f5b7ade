/**
 * The "Use with AI" part of a docs page's actions: links that open ChatGPT
 * or Claude on this page's Markdown, and the setup lines that connect an
 * editor's agent to the docs MCP server. Everything is a plain link or
 * hidden markup until the reader asks: the setup panel's code arrives in its
 * own chunk on the first click, and nothing here ever calls another site.
 */
import {lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import {CHAT_LINKS, chatPrompt} from './setup';
import styles from './styles.module.css';

const EditorSetup = lazy(() => import(/* webpackChunkName: "editor-setup" */ './EditorSetup'));

export default function AgentTools({markdownUrl}: {markdownUrl: string}): ReactNode {
  const [open, setOpen] = useState(false);
  const [setupOpen, setSetupOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const prompt = chatPrompt(markdownUrl);
  const close = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className={`button button--sm button--outline button--secondary ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}>
        Use with AI
      </button>
      <div id={id} className={styles.panel} hidden={!open} onKeyDown={close}>
        <ul className={styles.links}>
          {CHAT_LINKS.map(({label, url}) => (
            <li key={label}>
              <a href={url(prompt)} target="_blank" rel="noopener noreferrer">
                {label}
                <span className={styles.hidden}> (opens in a new tab)</span>
              </a>
            </li>
          ))}
          <li>
            <button type="button" className={styles.linkButton} aria-expanded={setupOpen} onClick={() => setSetupOpen(!setupOpen)}>
              Connect the docs to your editor
            </button>
          </li>
        </ul>
        {setupOpen && (
          <Suspense fallback={<p className={styles.loading}>Loading the setup lines…</p>}>
            <EditorSetup />
          </Suspense>
        )}
      </div>
    </>
  );
}
