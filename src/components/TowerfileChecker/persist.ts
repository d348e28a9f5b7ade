/**
 * Where the checker keeps the reader's Towerfile between visits: in the page's URL hash (so a
 * reload, a bookmark or a shared link brings it back, even when the browser blocks storage) and in
 * local storage (so coming back to the page later brings it back too).
 */
/** What starts a hash that carries a Towerfile: `#towerfile=` and the text, base64url-encoded. */
const HASH_PREFIX = '#towerfile=';
export const STORAGE_KEY = 'tower.towerfileChecker.text';

/**
 * The longest text the checker opens from a link or from storage, in characters. The browser's own
 * text box takes about a third of a second to lay out ten thousand lines, so a link could otherwise
 * hold up the page however fast the check is; a Towerfile is usually under 1 KiB. Text typed or
 * pasted into the box is taken whatever its length.
 */
export const OPENED_TEXT_LIMIT = 32 * 1024;

/** Text from a link or from storage: the text, or how long it was when it is over the limit. */
export type OpenedText = {text: string} | {tooLong: number};

/** `text` if it is short enough to open, else its length. */
export function opened(text: string | null): OpenedText | null {
  if (text === null) return null;
  return text.length > OPENED_TEXT_LIMIT ? {tooLong: text.length} : {text};
}

/** UTF-8, then base64url without padding: safe in a URL hash and never mistaken for a heading id. */
export function encodeText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text back from `encodeText`, or null when `encoded` is not such a value. */
export function decodeText(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', {fatal: true}).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The Towerfile carried by a location hash such as `#towerfile=W2FwcF0`, or null. */
export function textFromHash(hash: string): string | null {
  return hash.startsWith(HASH_PREFIX) ? decodeText(hash.slice(HASH_PREFIX.length)) : null;
}

/**
 * The Towerfile of a location hash, as `opened` gives it; a hash far longer than the limit is not
 * decoded (base64 spends four characters on three bytes, and a character takes at least one).
 */
export function openFromHash(hash: string): OpenedText | null {
  if (!hash.startsWith(HASH_PREFIX)) return null;
  const encoded = hash.length - HASH_PREFIX.length;
  if (encoded > Math.ceil((OPENED_TEXT_LIMIT * 4 * 4) / 3)) return {tooLong: Math.floor((encoded * 3) / 4)};
  return opened(decodeText(hash.slice(HASH_PREFIX.length)));
}

export function hashFor(text: string): string {
  return `${HASH_PREFIX}${encodeText(text)}`;
}

/**
 * The address that carries `text`, or null when the address is no longer the checker's to change:
 * the reader has left `page` (a link's navigation starts while the checker is still on screen,
 * waiting for the next page's code) or has followed an anchor on it.
 */
export function addressFor(location: {pathname: string; search: string; hash: string}, page: string, text: string): string | null {
  if (location.pathname !== page) return null;
  if (location.hash !== '' && !location.hash.startsWith(HASH_PREFIX)) return null;
  return `${location.pathname}${location.search}${hashFor(text)}`;
}
