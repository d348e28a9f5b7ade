/**
 * DocSearch 4.7 reads `window.localStorage` in an effect of its modal without
 * a try/catch (to keep recent searches under the storage quota). Where the
 * browser blocks storage (Safari's "Block all cookies", Chromium with cookies
 * blocked, some enterprise policies), merely reading the property throws, React
 * drops the modal, and Ctrl+K and the search button do nothing.
 *
 * The site's rule for unavailable storage (as Docusaurus' own storage
 * helpers do): warn once, then storage acts as empty and keeps nothing. So
 * before the modal loads, a blocked storage is replaced, for this page only,
 * by one that holds nothing: the modal works, and recent and favourite
 * searches are simply not kept.
 */
const EMPTY_STORAGE: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

let checked = false;

function blocked(name: 'localStorage' | 'sessionStorage'): unknown {
  try {
    window[name].getItem('tower-storage-check');
    return null;
  } catch (error) {
    return error;
  }
}

/** Makes blocked storage act as empty (once per page life). */
export function ensureUsableStorage(): void {
  if (checked || typeof window === 'undefined') return;
  checked = true;
  const names = (['localStorage', 'sessionStorage'] as const).filter((name) => blocked(name));
  if (names.length === 0) return;
  console.warn(`Browser storage is unavailable (${names.join(', ')}), so recent and favourite searches are not kept.`, blocked(names[0]));
  for (const name of names) Object.defineProperty(window, name, {configurable: true, get: () => EMPTY_STORAGE});
}
