/** The menu's own icons (./icons.tsx has the drawing rules); in the menu's chunk, not the page's. */
import type {ReactNode} from 'react';
import {Icon} from './icons';

type IconProps = {className?: string};

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
