/**
 * Turns on smooth scrolling (src/css/custom.css) once the page has loaded.
 * With `scroll-behavior: smooth` from the start, opening a deep link such as
 * /docs/reference/tower-sdk#packaging animated the whole way down a long page
 * for a couple of seconds; the first jump is now instant, and in-page links
 * and route changes glide as before.
 */
// An attribute, not a class: the <html> class is rewritten by the head manager on every route.
export const SMOOTH_SCROLL_ATTRIBUTE = 'data-smooth-scroll';

function enable(): void {
  requestAnimationFrame(() => document.documentElement.setAttribute(SMOOTH_SCROLL_ATTRIBUTE, ''));
}

if (typeof window !== 'undefined') {
  if (document.readyState === 'complete') enable();
  else window.addEventListener('load', enable, {once: true});
}
