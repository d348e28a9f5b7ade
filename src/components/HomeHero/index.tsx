import type {MouseEvent, ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import cliVersion from '@tower/cli-version';
import {SEARCH} from '@site/src/constants';
import styles from './styles.module.css';

/** A first session: install, check, sign in, ship. Output is shown only where it is known exactly. */
const SESSION: {command: string; output?: string}[] = [
  {command: 'pip install -U tower'},
  {command: 'tower version', output: `v${cliVersion}`},
  {command: 'tower login'},
  {command: 'tower deploy'},
  {command: 'tower run'},
];

/**
 * Opens the search modal: the navbar's search button is the one place that owns it. Without
 * JavaScript (or before the page has loaded) the link leads to the search page instead.
 */
function openSearchModal(event: MouseEvent<HTMLAnchorElement>): void {
  const button = document.querySelector<HTMLButtonElement>('.DocSearch-Button');
  if (!button) return;
  event.preventDefault();
  button.click();
}

export default function HomeHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const searchPage = useBaseUrl(`/${SEARCH.pagePath}`);
  return (
    <header className={styles.hero}>
      <div className={styles.copy}>
        <h1 className={styles.title}>{siteConfig.title} documentation</h1>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.lead}>
          Describe a Python app in a Towerfile, deploy it with one command, and run it on demand, on a schedule or from another app, with secrets, Iceberg
          tables and language models close at hand.
        </p>
        <a className={styles.search} href={searchPage} onClick={openSearchModal}>
          <svg className={styles.searchIcon} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
              stroke="currentColor"
              fill="none"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className={styles.searchText}>Search the docs</span>
          <kbd className={styles.searchKey} aria-hidden="true">
            /
          </kbd>
        </a>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/docs/getting-started/quick-start">
            Deploy your first app
          </Link>
          <Link className="button button--secondary button--lg" to="/docs/getting-started/download-the-cli">
            Install the CLI
          </Link>
        </div>
      </div>
      <figure className={styles.terminal}>
        <div className={styles.terminalBar} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <pre className={styles.terminalBody}>
          {SESSION.map(({command, output}) => (
            <code key={command} className={styles.terminalLine}>
              <span className={styles.prompt} aria-hidden="true">
                ${' '}
              </span>
              {command}
              {output && (
                <>
                  {'\n'}
                  <span className={styles.output}>{output}</span>
                </>
              )}
            </code>
          ))}
        </pre>
        <figcaption className={styles.caption}>
          Tower {cliVersion} installs with pip on Python 3.12 and later. <Link to="/docs/getting-started/download-the-cli">Other ways to install</Link>
        </figcaption>
      </figure>
    </header>
  );
}
