/**
 * Wraps the stock skip link. Its handler focuses <main> and then removes the
 * temporary tabindex at once; current Chromium applies the focus fix-up rule
 * to that and drops focus back to <body>, so keyboard users landed nowhere.
 * After the stock handler has run, focus <main> again and keep it focusable
 * until focus moves on.
 */
import type {MouseEvent, ReactNode} from 'react';
import SkipToContent from '@theme-original/SkipToContent';

function focusMainContent(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof HTMLAnchorElement)) return;
  const main = document.querySelector<HTMLElement>('main:first-of-type');
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.focus();
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), {once: true});
}

export default function SkipToContentWrapper(): ReactNode {
  return (
    // Catches the click of the skip link inside (a keyboard's Enter on a link is a click too); the div itself is not a control.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div onClick={focusMainContent}>
      <SkipToContent />
    </div>
  );
}
