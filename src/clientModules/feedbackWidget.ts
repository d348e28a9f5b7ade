/**
 * Loads the "Was this page helpful?" widget (static/feedback.js) once the
 * page has loaded and the browser is idle. It sits at the end of an article,
 * so nothing is lost by waiting; as a <script async> in the head it took a
 * connection and bandwidth from what a reader sees first on a slow phone.
 * The widget finds its articles by itself, on this page and after every
 * client-side navigation.
 */
import {SITE} from '@site/src/constants';

export const FEEDBACK_SCRIPT = `${SITE.baseUrl}feedback.js`;

function load(): void {
  const script = document.createElement('script');
  script.src = FEEDBACK_SCRIPT;
  script.async = true;
  document.head.appendChild(script);
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, {timeout: 2000});
  else setTimeout(load, 200);
}

if (typeof window !== 'undefined') {
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, {once: true});
}
