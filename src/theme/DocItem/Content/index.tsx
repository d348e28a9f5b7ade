/**
 * Wraps the doc content: the page's actions at the right of its title
 * (src/components/AgentTools/PageActions: "Copy page" and the menu of ways to
 * use the page with AI), the body (the theme's own), a plain "View as
 * Markdown" link at the foot of the page, and
 * <link rel="alternate" type="text/markdown"> in the head. The .md files are
 * written by plugins/llms-txt (and served by its dev-server middleware under
 * `docusaurus start`).
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {markdownPath} from '@site/lib/markdown-twin';
import PageActions from '@site/src/components/AgentTools/PageActions';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const href = markdownPath(metadata.permalink);
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={href} />
      </Head>
      <div className={styles.titleRow}>
        <PageActions markdownPath={href} />
      </div>
      <Content {...props} />
      <p className={styles.source}>
        <a href={href} target="_self">
          View as Markdown
        </a>
      </p>
    </>
  );
}
