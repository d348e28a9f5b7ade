/**
 * The phone menu's button, and a stand-in for readers without JavaScript. The
 * button only opens the menu through React, so without JavaScript it would do
 * nothing and leave a phone reader with no way into the docs. Inside
 * <noscript> (parsed only when scripts are off) a plain disclosure takes its
 * place, listing the menu's main entries as ordinary links.
 */
import type {ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Toggle from '@theme-original/Navbar/MobileSidebar/Toggle';
import type ToggleType from '@theme/Navbar/MobileSidebar/Toggle';
import IconMenu from '@theme/Icon/Menu';
import NavbarItem, {type Props as NavbarItemProps} from '@theme/NavbarItem';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ToggleType>;

/** Items that need JavaScript (search) or offer no choice here (a one-locale dropdown). */
const NEEDS_SCRIPT = new Set(['search', 'localeDropdown']);

export default function ToggleWrapper(props: Props): ReactNode {
  const items = (useThemeConfig().navbar.items as NavbarItemProps[]).filter((item) => !NEEDS_SCRIPT.has(item.type ?? ''));
  const label = translate({
    id: 'theme.docs.sidebar.toggleSidebarButtonAriaLabel',
    message: 'Toggle navigation bar',
    description: 'The ARIA label for hamburger menu button of mobile navigation',
  });
  return (
    <>
      <Toggle {...props} />
      <noscript>
        <style>{'.navbar__toggle{display:none!important}'}</style>
        <details className={styles.menu}>
          <summary className={styles.button} aria-label={label}>
            <IconMenu />
          </summary>
          <ul className={`menu__list ${styles.list}`}>
            {items.map((item, index) => (
              <NavbarItem key={index} mobile {...item} />
            ))}
          </ul>
        </details>
      </noscript>
    </>
  );
}
