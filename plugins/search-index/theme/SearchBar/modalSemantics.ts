/**
 * Repairs the accessibility semantics of DocSearch 4.7's modal, which axe
 * flags in every mode:
 * - the whole modal sits inside a `role="button"` element with tabindex 0
 *   (autocomplete's root props), so every control is nested in a "button"
 *   whose name does not match its content; it becomes a plain wrapper and the
 *   modal itself the labelled dialog it is;
 * - its <header> and <footer> count as a second banner and contentinfo
 *   landmark of the page; inside a dialog they are not landmarks.
 * Attributes are changed once per opening, on elements React renders with
 * props that do not change, so React never writes them back.
 */
const REPAIRED = 'data-tower-repaired';

function repairModal(root: ParentNode): boolean {
  const container = root.querySelector<HTMLElement>('.DocSearch-Container');
  if (!container) return false;
  if (container.hasAttribute(REPAIRED)) return true;
  for (const name of ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-labelledby', 'aria-controls']) {
    container.removeAttribute(name);
  }
  const modal = container.querySelector<HTMLElement>('.DocSearch-Modal');
  modal?.setAttribute('role', 'dialog');
  modal?.setAttribute('aria-modal', 'true');
  modal?.setAttribute('aria-label', 'Search the documentation');
  container.querySelectorAll('.DocSearch-SearchBar, .DocSearch-Footer').forEach((landmark) => {
    landmark.setAttribute('role', 'none');
  });
  container.setAttribute(REPAIRED, '');
  return true;
}

/** Repairs the modal as soon as it appears under `root`; returns a stop function. */
export function watchModal(root: HTMLElement): () => void {
  if (repairModal(root)) return () => undefined;
  const observer = new MutationObserver(() => {
    if (repairModal(root)) observer.disconnect();
  });
  observer.observe(root, {childList: true, subtree: true});
  return () => observer.disconnect();
}
