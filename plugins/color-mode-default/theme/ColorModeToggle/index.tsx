/**
 * Wraps the stock three-state toggle (light -> dark -> system) to remember
 * when the reader picks "system", so the next page load follows the OS
 * instead of the site default. See ../../index.ts.
 */
import type {ReactNode} from 'react';
import ColorModeToggle from '@theme-init/ColorModeToggle';
import type ColorModeToggleType from '@theme/ColorModeToggle';
import type {WrapperProps} from '@docusaurus/types';
import {FOLLOW_SYSTEM_KEY} from '../../storage-key';

type Props = WrapperProps<typeof ColorModeToggleType>;

function rememberFollowSystem(follow: boolean): void {
  try {
    if (follow) localStorage.setItem(FOLLOW_SYSTEM_KEY, 'true');
    else localStorage.removeItem(FOLLOW_SYSTEM_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page view only.
  }
}

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  const {onChange} = props;
  return (
    <ColorModeToggle
      {...props}
      onChange={(choice: 'light' | 'dark' | null) => {
        rememberFollowSystem(choice === null);
        onChange(choice);
      }}
    />
  );
}
