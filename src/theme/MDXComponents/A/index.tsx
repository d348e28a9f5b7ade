/**
 * Links in the docs' Markdown. Docusaurus opens every link that is not a page
 * of the site in a new tab; for an e-mail address that leaves an empty tab
 * behind the mail program, so mailto: links open where they are.
 */
import React, {type ReactNode} from 'react';
import OriginalA from '@theme-original/MDXComponents/A';
import type {Props} from '@theme/MDXComponents/A';

export default function MDXA(props: Props): ReactNode {
  if (props.href?.startsWith('mailto:')) return <OriginalA {...props} target={undefined} rel={undefined} />;
  return <OriginalA {...props} />;
}
