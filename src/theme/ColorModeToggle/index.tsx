/**
 * Wraps the stock toggle so it always cycles light -> dark -> system, even
 * though the site itself does not follow the OS on a first visit
 * (colorMode.respectPrefersColorScheme is false). The stock toggle ties the
 * number of states to that setting; the spec wants three states regardless.
 */
import type {ReactNode} from 'react';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type ColorModeToggleType from '@theme/ColorModeToggle';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ColorModeToggleType>;

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  return <ColorModeToggle {...props} respectPrefersColorScheme />;
}
