/**
 * How other parts of a page offer Ask AI (the /search page when nothing
 * matches): they ask for it here, and the SearchBar, which owns the modal and
 * the local Ask AI panel, opens them with the question.
 */
type Listener = (question: string) => void;

const listeners = new Set<Listener>();

/** Opens Ask AI with `question`; false when no SearchBar is there to open it. */
export function requestAskAi(question: string): boolean {
  for (const listener of listeners) listener(question);
  return listeners.size > 0;
}

/** Called by the SearchBar while it is mounted; returns the unsubscribe function. */
export function onAskAiRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
