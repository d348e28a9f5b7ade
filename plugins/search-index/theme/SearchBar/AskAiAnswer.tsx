/**
 * A local Ask AI answer as the reader sees it (src/search/answer.ts makes
 * it): the command it leads with, then the quoted units of the cited section
 * as the page shows them (paragraphs, lists, tables as tables, code in the
 * site's code blocks with their copy button), the section it cites, and the
 * disclaimer; or, when the docs do not answer, that message and the closest
 * pages. Every string is the docs' or the reader's text and is rendered as
 * text: nothing in a page or a question becomes markup.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import type {Answer, Source} from '@site/src/search/answer';
import type {Block} from '@site/src/search/records';
import styles from './AskAiAnswer.module.css';

type Props = {
  answer: Answer;
  /** Turns an absolute result URL into the link the site navigates to. */
  processUrl: (url: string) => string;
  onNavigate: () => void;
};

function BlockView({block}: {block: Block}): ReactNode {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block) {
    const items = block.list.map((item, i) => <li key={i}>{item}</li>);
    return block.start !== undefined ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
  }
  if ('table' in block) {
    const [head, ...rows] = block.table;
    return (
      // Wide tables scroll inside the answer rather than widen it; the region takes the keyboard focus to scroll.
      <div className={styles.table} role="region" aria-label="Table from the docs" tabIndex={0}>
        <table>
          <thead>
            <tr>
              {head.map((cell, i) => (
                <th key={i}>{cell}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <CodeBlock className={block.language ? `language-${block.language}` : undefined} title={block.title}>
      {block.code}
    </CodeBlock>
  );
}

function SourceLink({source, processUrl, onNavigate}: {source: Source; processUrl: Props['processUrl']; onNavigate: () => void}): ReactNode {
  return (
    <Link to={processUrl(source.url)} onClick={onNavigate}>
      {source.breadcrumb.join(' › ')}
    </Link>
  );
}

export default function AskAiAnswer({answer, processUrl, onNavigate}: Props): ReactNode {
  if (!answer.found) {
    return (
      <div className={styles.answer}>
        <p className={styles.hint}>Not in the docs: no section answers “{answer.question}”. Try other words, or go back to keyword search.</p>
        {answer.closest.length > 0 && (
          <>
            <p className={styles.sourcesTitle} id="tower-askai-closest">
              Closest pages
            </p>
            <ul className={styles.sources} aria-labelledby="tower-askai-closest">
              {answer.closest.map((page) => (
                <li key={page.url}>
                  <SourceLink source={page} processUrl={processUrl} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }
  return (
    <div className={styles.answer}>
      <p className={styles.question}>{answer.question}</p>
      {answer.lead && <CodeBlock className={`language-${answer.lead.language}`}>{answer.lead.code}</CodeBlock>}
      {answer.blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
      <p className={styles.sourcesTitle} id="tower-askai-sources">
        {answer.sources.length > 1 ? 'From these sections' : 'From this section'}
      </p>
      <ul className={styles.sources} aria-labelledby="tower-askai-sources">
        {answer.sources.map((source) => (
          <li key={source.url}>
            <SourceLink source={source} processUrl={processUrl} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </div>
  );
}
