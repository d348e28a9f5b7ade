/**
 * "Was this page helpful?" under each docs article. It is plain DOM, added
 * after every route update when the browser is idle: it sits at the end of an
 * article, so nothing is lost by waiting, and it stays off the page's start-up
 * (it used to be a script of its own, fetched after the page had loaded; a
 * request costs a slow phone more than these few lines in the bundle).
 *
 * With no endpoint configured (the default) an answer opens a prefilled e-mail
 * to support; with <meta name="tower-feedback-endpoint"> it is POSTed there as
 * {page, helpful} instead.
 */
import {SUPPORT_EMAIL} from '@site/src/constants';

export const WIDGET_CLASS = 'tower-feedback';

function endpoint(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="tower-feedback-endpoint"]')?.content || null;
}

function mailto(helpful: boolean): string {
  const subject = `Docs feedback: ${document.title}`;
  const body = `Page: ${location.href}\nHelpful: ${helpful ? 'yes' : 'no'}\n\nWhat could be better?\n`;
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function answer(box: HTMLElement, helpful: boolean): void {
  const url = endpoint();
  if (url) {
    // Feedback is best effort: a failed POST changes nothing for the reader.
    fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({page: location.pathname, helpful}),
      keepalive: true,
    }).catch(() => undefined);
  }
  const thanks = element('p', `${WIDGET_CLASS}__thanks`, 'Thank you for the feedback.');
  thanks.setAttribute('role', 'status');
  box.replaceChildren(thanks);
  if (!url) {
    const link = element('a', '', 'Tell us more by e-mail');
    link.href = mailto(helpful);
    box.append(link);
  }
}

function build(): HTMLElement {
  const box = element('aside', WIDGET_CLASS);
  box.dataset.page = location.pathname;
  box.setAttribute('aria-label', 'Page feedback');
  // The two answers stay together: on a phone they wrap as a pair, never "No" alone.
  const choices = element('span', `${WIDGET_CLASS}__choices`);
  for (const [label, helpful] of [
    ['Yes', true],
    ['No', false],
  ] as const) {
    const button = element('button', `button button--outline button--primary ${WIDGET_CLASS}__answer`, label);
    button.type = 'button';
    button.addEventListener('click', () => answer(box, helpful));
    choices.append(button);
  }
  box.append(element('span', `${WIDGET_CLASS}__question`, 'Was this page helpful?'), choices);
  return box;
}

function mount(): void {
  const article = document.querySelector('.theme-doc-markdown');
  if (!article?.parentElement) return;
  // React may keep the article's parent across a navigation: a widget left from
  // another page (perhaps already answered) gives way; one for this page stays,
  // so a jump to a heading does not reset an answer.
  const present = article.parentElement.querySelector<HTMLElement>(`.${WIDGET_CLASS}`);
  if (present?.dataset.page === location.pathname) return;
  present?.remove();
  article.after(build());
}

/** After the page has hydrated and after every client-side navigation (Docusaurus' client module lifecycle). */
export function onRouteDidUpdate(): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(mount, {timeout: 2000});
  else setTimeout(mount, 200);
}
