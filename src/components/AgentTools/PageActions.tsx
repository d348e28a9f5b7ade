/**
 * The page's actions, at the right of its title: one split button, "Copy page"
 * (the page's Markdown twin to the clipboard) and a chevron that opens a
 * floating menu over the page (./Menu.tsx: open the page in ChatGPT or
 * Claude, connect an editor to the docs MCP server, copy the page, view its
 * Markdown). The menu is its own chunk, fetched on the first click, so a page
 * carries only this button.
 *
 * The chevron is a disclosure button (aria-expanded, aria-controls): the
 * menu's entries are links and buttons reached with Tab (or the arrow keys),
 * Escape or a click elsewhere closes it and puts the focus back on the
 * chevron. It floats, so opening it never moves the title or the text.
 * Without JavaScript neither button can work, so neither is shown
 * (@media (scripting: none)); the page's foot keeps a plain link to the
 * Markdown.
 */
import {lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCopyFeedback} from '@site/src/hooks/useCopyFeedback';
import {copyMarkdown} from './copyMarkdown';
import {CopyIcon, ChevronIcon, DoneIcon} from './icons';
import styles from './styles.module.css';

const loadMenu = () => import(/* webpackChunkName: "agent-tools" */ './Menu');
const Menu = lazy(loadMenu);

const MENU_TOGGLE_LABEL = 'Use with AI';

export default function PageActions({markdownPath}: {markdownPath: string}): ReactNode {
  const [state, track] = useCopyFeedback(2500);
  const [open, setOpen] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const copy = useCallback(() => track(copyMarkdown(markdownPath)), [track, markdownPath]);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    // A press or a focus anywhere outside the button and its menu closes the menu.
    const outside = (event: Event) => {
      if (event.target instanceof Node && !group.current?.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, close]);

  const label = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy page';
  return (
    <div ref={group} className={styles.group}>
      <div className={styles.split}>
        <button type="button" className={clsx('clean-btn', styles.copy)} onClick={copy}>
          {state === 'copied' ? <DoneIcon className={styles.icon} /> : <CopyIcon className={styles.icon} />}
          <span className={styles.copyLabel}>{label}</span>
        </button>
        <button
          ref={toggle}
          type="button"
          className={clsx('clean-btn', styles.toggle)}
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          title={`${MENU_TOGGLE_LABEL}: more ways to use this page`}
          onClick={() => setOpen(!open)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) close(true);
          }}
          onPointerEnter={() => void loadMenu()}
          onFocus={() => void loadMenu()}
        >
          <ChevronIcon className={styles.chevron} />
          <span className="visually-hidden">{MENU_TOGGLE_LABEL}</span>
        </button>
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? 'Page copied as Markdown' : state === 'failed' ? 'Could not copy the page' : ''}
      </span>
      {open && (
        <Suspense>
          <Menu id={menuId} label={MENU_TOGGLE_LABEL} markdownPath={markdownPath} copyPage={copy} close={close} />
        </Suspense>
      )}
    </div>
  );
}
