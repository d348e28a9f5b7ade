/**
 * /docs, the docs root (spec: routes): it leads to the main doc. nginx answers
 * it with a redirect before this page is ever sent (deploy/nginx/site.conf);
 * this page does the same wherever that rule is absent: `docusaurus serve`
 * (npm run preview) and `npm start` load it, and an in-app link to /docs
 * renders it. The server-rendered HTML refreshes to the main doc without
 * JavaScript; in the browser the router replaces the address instead.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {Redirect} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLatestVersion} from '@docusaurus/plugin-content-docs/client';
import Layout from '@theme/Layout';

/** The version's main doc: the first doc of its first sidebar (/docs/intro). */
function useMainDocPath(): string {
  const version = useLatestVersion(undefined);
  return version.docs.find((doc) => doc.id === version.mainDocId)?.path ?? version.path;
}

export default function DocsRoot(): ReactNode {
  const mainDoc = useMainDocPath();
  // Rendered on the server only: a refresh added to the head later would reload the page.
  const isBrowser = useIsBrowser();
  if (isBrowser) return <Redirect to={mainDoc} />;
  return (
    <Layout title="Documentation" description="The Tower documentation starts with the introduction.">
      <Head>
        <meta httpEquiv="refresh" content={`0; url=${mainDoc}`} />
        <meta name="robots" content="noindex" />
      </Head>
      <main className="container margin-vert--xl">
        <p>
          The documentation starts with the <Link to={mainDoc}>introduction</Link>.
        </p>
      </main>
    </Layout>
  );
}
