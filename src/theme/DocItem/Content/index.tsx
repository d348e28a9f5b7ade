/**
 * Wraps the doc content to offer the page as Markdown: a "Copy page" button
 * (fetches the page's .md twin on click and puts it on the clipboard), a
 * "View as Markdown" link and "Use with AI", plus
 * <link rel="alternate" type="text/markdown"> in the head. The .md files are
 * written by plugins/llms-txt (and served by its dev-server middleware under
 * `docusaurus start`).
 *
 * "Use with AI" is only a toggle here, since every docs page carries it: the
 * menu behind it (src/components/AgentTools/Panel.tsx: open the page in
 * ChatGPT or Claude, connect an editor to the docs MCP server) is its own
 * chunk, fetched from the site on the first click.
 */
import {lazy, Suspense, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {markdownPath} from '@site/lib/markdown-twin';
import {useCopyFeedback} from '@site/src/hooks/useCopyFeedback';
import {fetchChecked} from '@site/lib/fetch-checked';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

const AgentTools = lazy(() => import(/* webpackChunkName: "agent-tools" */ '@site/src/components/AgentTools/Panel'));

async function copyMarkdown(url: string): Promise<void> {
  const text = async (): Promise<string> => (await fetchChecked(url)).text();
  try {
    // Safari only accepts a clipboard write started inside the click, so the
    // fetch is handed over as a promise instead of being awaited first.
    const blob = text().then((markdown) => new Blob([markdown], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } catch {
    await navigator.clipboard.writeText(await text());
  }
}

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const href = markdownPath(metadata.permalink);
  const [state, track] = useCopyFeedback(2500);
  const copy = (): void => track(copyMarkdown(href));
  const [aiOpen, setAiOpen] = useState(false);
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={href} />
      </Head>
      <div className={styles.actions}>
        <button type="button" className="button button--sm button--outline button--secondary" onClick={copy}>
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy page'}
        </button>
        <a className="button button--sm button--outline button--secondary" href={href} target="_self">
          View as Markdown
        </a>
        <span className="visually-hidden" role="status" aria-live="polite">
          {state === 'copied' ? 'Page copied as Markdown' : state === 'failed' ? 'Could not copy the page' : ''}
        </span>
        <button
          type="button"
          className={`button button--sm button--outline button--secondary ${styles.aiToggle}`}
          aria-expanded={aiOpen}
          onClick={() => setAiOpen(!aiOpen)}
        >
          Use with AI
        </button>
        {aiOpen && (
          <Suspense>
            <AgentTools markdownPath={href} close={() => setAiOpen(false)} />
          </Suspense>
        )}
      </div>
      <Content {...props} />
    </>
  );
}
