/**
 * The menu behind "Use with AI" (src/theme/DocItem/Content loads it on the
 * first click): links that start a ChatGPT or Claude conversation about this
 * page's Markdown, and "Connect the docs to your editor" with the MCP setup
 * lines, each in a code block with its copy button. Escape closes it and puts
 * the focus back on the toggle, the element just before the panel.
 */
import {useState, type KeyboardEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {SITE} from '../../constants';
import {CHAT_LINKS, chatPrompt, DOCS_MCP_URL, EDITOR_SETUPS} from './setup';
import styles from './styles.module.css';

export default function Panel({markdownPath, close}: {markdownPath: string; close: () => void}): ReactNode {
  const [setupOpen, setSetupOpen] = useState(false);
  const prompt = chatPrompt(`${SITE.url}${markdownPath}`);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Escape') return;
    (event.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
    close();
  };
  return (
    // Escape anywhere in the group closes it and returns the focus to its button; the links inside are the controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div className={styles.panel} role="group" aria-label="Use with AI" onKeyDown={onKeyDown}>
      <ul className={styles.links}>
        {CHAT_LINKS.map(({label, url}) => (
          <li key={label}>
            <a href={url(prompt)} target="_blank" rel="noopener noreferrer">
              {label}
              <span className="visually-hidden"> (opens in a new tab)</span>
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
        <div className={styles.setup}>
          <p>
            The docs MCP server at <code>{DOCS_MCP_URL}</code> lets your editor's agent search these docs, read pages and API operations, and check Towerfiles
            and <code>tower</code> commands. It reads the published docs only, never your Tower account.
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
      )}
    </div>
  );
}
