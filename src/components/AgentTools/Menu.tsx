/**
 * The floating menu of the page actions (./PageActions.tsx loads it on the
 * first click): start a ChatGPT or Claude conversation about this page's
 * Markdown, connect an editor to the docs MCP server (the setup lines open in
 * the menu, each in a code block with its copy button), copy the page, view
 * its Markdown. Each entry is a link or a button with a one-line description;
 * the whole row is its target. Tab and the arrow keys move through the
 * entries; Escape closes the menu and returns the focus to its button.
 */
import {useId, useState, type KeyboardEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {SITE} from '../../constants';
import {CHAT_LINKS, chatPrompt, DOCS_MCP_URL, EDITOR_SETUPS} from './setup';
import {CopyIcon} from './icons';
import {ChatIcon, MarkdownIcon, PlugIcon, SparkIcon} from './menuIcons';
import styles from './styles.module.css';

type Props = {
  id: string;
  /** The name of the menu's button, which names the menu too. */
  label: string;
  markdownPath: string;
  copyPage: () => void;
  /** Closes the menu; with `true`, the focus goes back to the menu's button. */
  close: (returnFocus: boolean) => void;
};

const CHAT_ICONS = {ChatGPT: ChatIcon, Claude: SparkIcon} as const;

/** One entry: its control (a link or button) and, beside it, the line that describes it. */
function Entry({control, description, children}: {control: (describedBy: string) => ReactNode; description: string; children?: ReactNode}): ReactNode {
  const describedBy = useId();
  return (
    <li>
      <div className={styles.entry}>
        {control(describedBy)}
        <span id={describedBy} className={styles.description}>
          {description}
        </span>
      </div>
      {children}
    </li>
  );
}

/** Up and Down (Home and End) move between the entries; Tab keeps working as usual. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const entries = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-entry]'));
  const current = entries.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? (current + 1) % entries.length
      : event.key === 'ArrowUp'
        ? (current - 1 + entries.length) % entries.length
        : event.key === 'Home'
          ? 0
          : entries.length - 1;
  event.preventDefault();
  entries[next]?.focus();
}

export default function Menu({id, label, markdownPath, copyPage, close}: Props): ReactNode {
  const [setupOpen, setSetupOpen] = useState(false);
  const setupId = useId();
  const prompt = chatPrompt(`${SITE.url}${markdownPath}`);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) && !(event.target instanceof HTMLElement && event.target.closest('pre'))) {
      moveFocus(event);
    }
  };
  return (
    // Escape and the arrow keys anywhere in the menu act on it; its links and buttons are the controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div id={id} className={styles.menu} role="group" aria-label={label} onKeyDown={onKeyDown}>
      <ul className={styles.entries}>
        {CHAT_LINKS.map(({assistant, label, url}) => {
          const Icon = CHAT_ICONS[assistant];
          return (
            <Entry
              key={label}
              description={`Ask ${assistant} about this page`}
              control={(describedBy) => (
                <a
                  href={url(prompt)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.control}
                  aria-describedby={describedBy}
                  data-menu-entry
                  onClick={() => close(false)}
                >
                  <Icon className={styles.entryIcon} />
                  <span className={styles.entryLabel}>{label}</span>
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              )}
            />
          );
        })}
        <Entry
          description="Give your coding agent these docs"
          control={(describedBy) => (
            <button
              type="button"
              className={styles.control}
              aria-describedby={describedBy}
              aria-expanded={setupOpen}
              aria-controls={setupOpen ? setupId : undefined}
              data-menu-entry
              onClick={() => setSetupOpen(!setupOpen)}
            >
              <PlugIcon className={styles.entryIcon} />
              <span className={styles.entryLabel}>Connect the docs to your editor</span>
            </button>
          )}
        >
          {setupOpen && (
            <div id={setupId} className={styles.setup}>
              <p>
                The docs MCP server at <code>{DOCS_MCP_URL}</code> lets your editor's agent search these docs, read pages and API operations, and check
                Towerfiles and <code>tower</code> commands. It reads the published docs only, never your Tower account.
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
        </Entry>
      </ul>
      <ul className={styles.entries}>
        <Entry
          description="Markdown for pasting into a chat"
          control={(describedBy) => (
            <button
              type="button"
              className={styles.control}
              aria-describedby={describedBy}
              data-menu-entry
              onClick={() => {
                copyPage();
                close(true);
              }}
            >
              <CopyIcon className={styles.entryIcon} />
              <span className={styles.entryLabel}>Copy page</span>
            </button>
          )}
        />
        <Entry
          description="The page as plain-text Markdown"
          control={(describedBy) => (
            <a href={markdownPath} target="_self" className={styles.control} aria-describedby={describedBy} data-menu-entry>
              <MarkdownIcon className={styles.entryIcon} />
              <span className={styles.entryLabel}>View as Markdown</span>
            </a>
          )}
        />
      </ul>
    </div>
  );
}
