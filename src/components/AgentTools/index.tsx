/**
 * "Use with AI" among a docs page's actions. Only this toggle ships with the
 * page: the menu behind it (Panel.tsx: links that open ChatGPT or Claude on
 * this page's Markdown, and the editor setup of the docs MCP server) is its
 * own chunk, fetched from the site on the first click. Nothing here calls
 * another site, and the toggle is kept as small as it can be because every
 * docs page carries it.
 */
import {lazy, Suspense, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

const Panel = lazy(() => import(/* webpackChunkName: "agent-tools" */ './Panel'));

/** `markdownPath`: the site path of this page's Markdown twin, e.g. /docs/intro.md. */
export default function AgentTools({markdownPath}: {markdownPath: string}): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`button button--sm button--outline button--secondary ${styles.toggle}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        Use with AI
      </button>
      {open && (
        <Suspense>
          <Panel markdownPath={markdownPath} close={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
