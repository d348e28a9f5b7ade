/**
 * The page actions' icons (24 px grid, drawn in the current colour). Decorative:
 * every control that shows one also says what it does in words.
 */
import type {ReactNode} from 'react';

type IconProps = {className?: string};

function Icon({className, children}: IconProps & {children: ReactNode}): ReactNode {
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

export const MarkdownIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M6 15V9l2.5 3L11 9v6M16 9v6m-2.2-2.2L16 15l2.2-2.2" />
  </Icon>
);

export const ChatIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <path d="M20 12a8 8 0 0 1-11.7 7.1L4 20l1-4A8 8 0 1 1 20 12Z" />
    <path d="M8.5 11h7M8.5 14h4.5" />
  </Icon>
);

export const SparkIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  </Icon>
);

export const PlugIcon = (props: IconProps): ReactNode => (
  <Icon {...props}>
    <path d="M9 3v5M15 3v5M6.5 8h11v3.5a5.5 5.5 0 0 1-11 0V8ZM12 17v4" />
  </Icon>
);
