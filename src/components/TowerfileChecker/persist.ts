/**
 * Where the checker keeps the reader's Towerfile between visits: in the page's URL hash (so a
 * reload, a bookmark or a shared link brings it back, even when the browser blocks storage) and in
 * local storage (so coming back to the page later brings it back too).
 */
export const HASH_KEY = 'towerfile';
export const STORAGE_KEY = 'tower.towerfileChecker.text';

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
  const prefix = `#${HASH_KEY}=`;
  return hash.startsWith(prefix) ? decodeText(hash.slice(prefix.length)) : null;
}

export function hashFor(text: string): string {
  return `#${HASH_KEY}=${encodeText(text)}`;
}
