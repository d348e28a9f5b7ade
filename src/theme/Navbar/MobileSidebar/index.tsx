/**
 * Renders the phone menu only once the reader first opens it. Stock, it is
 * rendered hidden on every page at phone widths, and on a docs page it holds
 * the whole docs sidebar (the API category alone has over a hundred links): rendering it
 * right after hydration was one of the longest main-thread tasks on a phone.
 * Once opened it stays mounted, so later openings slide in as before.
 */
import {useEffect, useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MobileSidebarType>;

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  useEffect(() => {
    if (shown) setOpened(true);
  }, [shown]);
  return shown || opened ? <MobileSidebar {...props} /> : null;
}
