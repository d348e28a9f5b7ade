/**
 * The setup lines of the docs MCP server for three editors, each in a code
 * block with its copy button. Loaded only when a reader opens "Connect the
 * docs to your editor" (see index.tsx).
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {DOCS_MCP_URL, EDITOR_SETUPS} from './setup';
import styles from './styles.module.css';

export default function EditorSetup(): ReactNode {
  return (
    <div className={styles.setup}>
      <p>
        The docs MCP server at <code>{DOCS_MCP_URL}</code> lets your editor's agent search these docs, read pages and API operations, and
        check Towerfiles and <code>tower</code> commands. It reads the published docs only, never your Tower account.
      </p>
      {EDITOR_SETUPS.map(({editor, where, language, code}) => (
        <CodeBlock key={editor} className={`language-${language}`} title={`${editor}: ${where}`}>
          {code}
        </CodeBlock>
      ))}
      <p>
        <Link to="/docs/using-tower/docs-for-agents">Docs for coding agents</Link> has the details.
      </p>
    </div>
  );
}
