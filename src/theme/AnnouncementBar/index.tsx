/**
 * Wraps the stock bar to fix one gap: when the configured id changes, the
 * provider clears the stored dismissal, but the inline script has already
 * marked <html> as "initially dismissed" from the old value, so CSS keeps the
 * bar hidden until the next page load. Keep that attribute in step with the
 * provider so a new announcement shows at once.
 */
import {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', String(!isActive));
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
