/**
 * fetch() that treats an HTTP error as an error, naming the URL and the
 * status. Used wherever the site reads one of its own files in the browser
 * (search index, the search page's first paint, "Copy page").
 */
export async function fetchChecked(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}
