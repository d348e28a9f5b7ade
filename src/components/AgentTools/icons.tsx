/**
 * The page actions' icons (24 px grid, drawn in the current colour). Decorative:
 * every control that shows one also says what it does in words.
 */
import type {ReactNode} from 'react';

type IconProps = {className?: string};

export function Icon({className, children}: IconProps & {children: ReactNode}): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const CopyIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <rect x="8" y="8" width="12" height="13" rx="2" />
    <path d="M16 8V5a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h2" />
  </Icon>
);

export const DoneIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const ChevronIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
