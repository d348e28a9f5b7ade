/**
 * Puts a page's Markdown twin (written by plugins/llms-txt) on the clipboard,
 * for "Copy page" in the title row and in its menu.
 */
import {fetchChecked} from '@site/lib/fetch-checked';

export async function copyMarkdown(url: string): Promise<void> {
  const text = async (): Promise<string> => (await fetchChecked(url)).text();
  try {
    // Safari only accepts a clipboard write started inside the click, so the
    // fetch is handed over as a promise instead of being awaited first.
    const blob = text().then((markdown) => new Blob([markdown], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } catch {
    await navigator.clipboard.writeText(await text());
  }
}
