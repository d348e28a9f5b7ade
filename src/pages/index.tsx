import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeHero from '@site/src/components/HomeHero';
import PathCards, {type PathCard} from '@site/src/components/PathCards';
import {API_REFERENCE} from '@site/src/constants';
import styles from './index.module.css';

const LEARN: PathCard[] = [
  {
    kicker: 'Start here',
    title: 'Quickstart',
    to: '/docs/getting-started/quick-start',
    description: 'Write a small Python app, describe it in a Towerfile, deploy it and watch it run.',
  },
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
