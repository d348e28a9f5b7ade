import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ThemedImage from '@theme/ThemedImage';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

const TERMINAL_COMMANDS = ['tower login', 'tower deploy', 'tower run --parameter=region=eu-central-1', 'tower apps logs my-app'];

export default function HomeHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className={styles.copy}>
        {/* The box keeps the layout still: before hydration both logo variants are in the page, one hidden by CSS. */}
        <div className={styles.logo}>
          <ThemedImage alt="" width={56} height={56} sources={{light: useBaseUrl('/img/logo.svg'), dark: useBaseUrl('/img/logo-dark.svg')}} />
        </div>
        <h1 className={styles.title}>{siteConfig.title} documentation</h1>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.lead}>
          Tower runs your Python data apps in the cloud or on your own infrastructure. Describe an app in a Towerfile, deploy it with one command, and run it on
          demand, on a schedule or from another app, with secrets, Iceberg tables and language models close at hand.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/docs/getting-started/quick-start">
            Start the Quickstart
          </Link>
          <Link className="button button--secondary button--lg" to="/docs/getting-started/download-the-cli">
            Install the CLI
          </Link>
        </div>
      </div>
      <figure className={styles.terminal} aria-label="A typical Tower session in the terminal">
        <div className={styles.terminalBar} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <pre className={styles.terminalBody}>
          {TERMINAL_COMMANDS.map((command) => (
            <code key={command} className={styles.terminalLine}>
              <span className={styles.prompt} aria-hidden="true">
                $
              </span>{' '}
              {command}
            </code>
          ))}
        </pre>
      </figure>
    </header>
  );
}
