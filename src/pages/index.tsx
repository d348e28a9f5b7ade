import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeHero from '@site/src/components/HomeHero';
import PathCards, {type PathCard} from '@site/src/components/PathCards';
import {API_REFERENCE} from '@site/src/constants';
import styles from './index.module.css';

/** What readers come to the docs for most, each one step away. */
const TASKS: PathCard[] = [
  {
    kicker: 'Quickstart',
    title: 'Deploy an app',
    to: '/docs/getting-started/quick-start',
    description: 'Install the CLI, describe an app in a Towerfile, deploy it and watch its first run.',
  },
  {
    kicker: 'Schedules',
    title: 'Run it on a schedule',
    to: '/docs/using-tower/orchestrate#run-apps-on-a-schedule',
    description: 'Create a schedule from a cron expression, and see its next runs before you do.',
  },
  {
    kicker: 'Secrets',
    title: 'Keep credentials safe',
    to: '/docs/concepts/environments#secrets',
    description: 'Store API keys and passwords per environment and read them from your code.',
  },
  {
    kicker: 'Towerfile',
    title: 'Check a Towerfile',
    to: '/docs/reference/towerfile-checker',
    description: 'Paste a Towerfile and see every problem in it, in plain words, before you deploy.',
  },
];

const LEARN: PathCard[] = [
  {
    kicker: 'Understand',
    title: 'Concepts',
    to: '/docs/category/concepts',
    description: 'Apps, environments, runs, tables, models and teams, and how they fit together.',
  },
  {
    kicker: 'Learn by doing',
    title: 'Examples',
    to: '/docs/examples/intro',
    description: 'Complete apps for dltHub pipelines, Iceberg tables, LLMs, orchestration and agents.',
  },
  {
    kicker: 'Under the hood',
    title: 'How Tower works',
    to: '/docs/architecture/how-tower-works',
    description: 'The control plane, the runners that run your code, networking and security.',
  },
];

const REFERENCE: PathCard[] = [
  {
    kicker: 'Reference',
    title: 'Tower CLI',
    to: '/docs/reference/tower-cli',
    description: 'Every command and flag of the tower command-line tool.',
  },
  {
    kicker: 'Reference',
    title: 'Tower SDK',
    to: '/docs/reference/tower-sdk',
    description: 'Every function and class of the tower Python package, with examples.',
  },
  {
    kicker: 'Reference',
    title: 'Tower API',
    to: `${API_REFERENCE.route}/${API_REFERENCE.overviewSlug}`,
    description: 'The HTTP API v1: authentication, errors, and one page for each operation.',
  },
];

export default function Home(): ReactNode {
  return (
    <Layout
      title="Tower documentation"
      description="Learn to build, deploy, orchestrate and observe Python data apps on Tower with the CLI, the SDK and the HTTP API."
    >
      <main className={styles.main}>
        <div className="container">
          <HomeHero />
          <section className={styles.section} aria-labelledby="tasks">
            <Heading as="h2" id="tasks" className={styles.sectionTitle}>
              Get things done
            </Heading>
            <PathCards cards={TASKS} label="Tasks" />
          </section>
          <section className={styles.section} aria-labelledby="learn">
            <Heading as="h2" id="learn" className={styles.sectionTitle}>
              Learn Tower
            </Heading>
            <PathCards cards={LEARN} label="Guides" />
          </section>
          <section className={styles.section} aria-labelledby="look-up">
            <Heading as="h2" id="look-up" className={styles.sectionTitle}>
              Look it up
            </Heading>
            <PathCards cards={REFERENCE} label="Reference" />
          </section>
        </div>
      </main>
    </Layout>
  );
}
