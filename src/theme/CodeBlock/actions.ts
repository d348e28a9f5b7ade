/**
 * What the code blocks' buttons do, for every block on the page at once: one
 * click listener on the document (installed by src/clientModules/codeBlocks.ts)
 * copies a block's code or wraps its lines, and one ResizeObserver shows the
 * wrap toggle only while a line of its block overflows. Nothing here needs
 * React to have hydrated the block: the docs pages adopt their server-rendered
 * body without hydrating it (src/theme/DocItem/Content), and the same markup
 * rendered by React after a client-side navigation works the same way.
 *
 * The buttons' state lives in the DOM (aria-pressed, aria-label, data-state)
 * because the markup has no React state behind it; CodeBlock renders it with
 * the same attributes every time, so React never writes over it.
 */

export const CODE_ACTION = {copy: 'copy', wrap: 'wrap'} as const;
export const WRAP_LABEL = 'Wrap long lines';

type CopyState = 'idle' | 'copied' | 'failed';
/** The button's name, and what the live region inside it announces. */
export const COPY_LABELS: Record<CopyState, {button: string; status: string}> = {
  idle: {button: 'Copy code to clipboard', status: ''},
  copied: {button: 'Copied', status: 'Copied to the clipboard'},
  failed: {button: 'Copy failed', status: 'Could not copy the code'},
};
/** How long "Copied" stays after the last click. */
const COPY_FEEDBACK_MS = 2000;

const BLOCK_SELECTOR = '.theme-code-block';
/** Set on a block while its lines are wrapped (styles.module.css). */
export const WRAPPED_ATTRIBUTE = 'data-wrapped';

const resetTimers = new WeakMap<HTMLButtonElement, number>();

function showCopyState(button: HTMLButtonElement, state: CopyState): void {
  const {button: name, status} = COPY_LABELS[state];
  button.setAttribute('aria-label', name);
  button.title = name;
  if (state === 'idle') button.removeAttribute('data-state');
  else button.setAttribute('data-state', state);
  const live = button.querySelector('[role="status"]');
  if (live) live.textContent = status;
}

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest(BLOCK_SELECTOR)?.querySelector('pre code');
  window.clearTimeout(resetTimers.get(button));
  try {
    await navigator.clipboard.writeText(code?.textContent ?? '');
    showCopyState(button, 'copied');
  } catch {
    showCopyState(button, 'failed');
  }
  resetTimers.set(
    button,
    window.setTimeout(() => showCopyState(button, 'idle'), COPY_FEEDBACK_MS),
  );
}

function toggleWrap(button: HTMLButtonElement): void {
  const block = button.closest(BLOCK_SELECTOR);
  if (!block) return;
  const wrapped = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-pressed', String(wrapped));
  block.toggleAttribute(WRAPPED_ATTRIBUTE, wrapped);
  // Unwrapped, the block may fit after all (the window grew meanwhile): then the toggle goes.
  const pre = block.querySelector(':scope > pre');
  if (!wrapped && pre) updateWrapToggles([pre]);
}

function onClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const button = target.closest<HTMLButtonElement>('button[data-code-action]');
  if (!button) return;
  const action = button.getAttribute('data-code-action');
  if (action === CODE_ACTION.copy) void copyCode(button);
  else if (action === CODE_ACTION.wrap) toggleWrap(button);
}

let overflowObserver: ResizeObserver | null = null;

/**
 * Shows each block's wrap toggle while its code is wider than the block (or while it is wrapped).
 * All the measuring comes first and all the changes after, so a page with a hundred blocks lays
 * itself out once, not once per block.
 */
function updateWrapToggles(pres: Element[]): void {
  const changes: [HTMLButtonElement, boolean][] = [];
  for (const pre of pres) {
    const toggle = pre.closest(BLOCK_SELECTOR)?.querySelector<HTMLButtonElement>(`button[data-code-action="${CODE_ACTION.wrap}"]`);
    if (!toggle) continue;
    const wrapped = toggle.getAttribute('aria-pressed') === 'true';
    // A hidden tab's block measures 0 wide: leave its toggle as it is until it shows.
    if (!wrapped && pre.clientWidth === 0) continue;
    changes.push([toggle, !wrapped && pre.scrollWidth <= pre.clientWidth + 1]);
  }
  for (const [toggle, hidden] of changes) if (toggle.hidden !== hidden) toggle.hidden = hidden;
}

function overflowWatcher(): ResizeObserver | null {
  if (overflowObserver === null && typeof ResizeObserver !== 'undefined') {
    overflowObserver = new ResizeObserver((entries) => updateWrapToggles(entries.map((entry) => entry.target)));
  }
  return overflowObserver;
}

/** React ref for a block's <pre> that may need the wrap toggle. */
export function observeOverflow(pre: HTMLPreElement | null): (() => void) | undefined {
  const watcher = overflowWatcher();
  if (!pre || !watcher) return undefined;
  watcher.observe(pre);
  return () => watcher.unobserve(pre);
}

let installed = false;

export function installCodeActions(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('click', onClick);
}
