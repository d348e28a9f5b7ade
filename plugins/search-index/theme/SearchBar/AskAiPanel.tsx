/**
 * Ask AI in local mode. Shown over the DocSearch modal when the reader picks
 * "Ask AI" there: answers from the local index (src/search/answer.ts) with
 * the quoted units of the one section that answers, led by the command it
 * gives, and the section cited (AskAiAnswer), under the disclaimer; or says
 * the docs do not answer the question and lists the closest pages. It calls
 * no remote service.
 * Escape (handled by the SearchBar's keyboard hook) or "Back to search"
 * returns to keyword search.
 */
import React, {useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode} from 'react';
import {SEARCH} from '@site/src/constants';
import type {LocalSearchClient} from '@site/src/search/client';
import type {Answer} from '@site/src/search/answer';
import AskAiAnswer from './AskAiAnswer';

type Props = {
  question: string;
  onAsk: (question: string) => void;
  onBack: () => void;
  onNavigate: () => void;
  client: LocalSearchClient;
  facetFilters: Array<string | string[]>;
  processUrl: (url: string) => string;
};

type State = {status: 'idle'} | {status: 'loading'} | {status: 'done'; answer: Answer} | {status: 'error'};

/** A question as the panel takes it: at most SEARCH.maxQueryLength characters (a paste of a whole page is cut, not ranked). */
const capped = (text: string) => text.slice(0, SEARCH.maxQueryLength);

export default function AskAiPanel({question: asked, onAsk, onBack, onNavigate, client, facetFilters, processUrl}: Props): ReactNode {
  const question = capped(asked);
  const [draft, setDraft] = useState(question);
  const [state, setState] = useState<State>({status: 'idle'});
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const filtersKey = JSON.stringify(facetFilters);

  useEffect(() => {
    setDraft(question);
    inputRef.current?.focus();
    if (!question.trim()) {
      setState({status: 'idle'});
      return undefined;
    }
    let cancelled = false;
    setState({status: 'loading'});
    // The answer code comes with the first question, not with the modal.
    Promise.all([client.engine(), import(/* webpackChunkName: "search-answer" */ '@site/src/search/answer')])
      .then(async ([engine, {readQuestion, sectionsToRead, answerFrom}]) => {
        const reading = readQuestion(engine, question, JSON.parse(filtersKey));
        // The text and blocks of the pages the answer may quote: the index ranks without them.
        await client.loadText(engine, sectionsToRead(reading), true);
        if (!cancelled) setState({status: 'done', answer: answerFrom(reading)});
      })
      .catch(() => {
        // The client has logged the details; the reader gets the message below.
        if (!cancelled) setState({status: 'error'});
      });
    return () => {
      cancelled = true;
    };
  }, [question, client, filtersKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) onAsk(capped(draft.trim()));
  };

  // The question wraps in its field so the reader sees all of it; Enter asks, Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <div className="tower-askai" role="dialog" aria-modal="true" aria-label="Ask AI">
      <div className="tower-askai__panel">
        <form className="tower-askai__form" onSubmit={submit}>
          <button type="button" className="tower-askai__back" onClick={onBack}>
            <span aria-hidden="true">← </span>Back to search
          </button>
          <textarea
            ref={inputRef}
            className="tower-askai__input"
            value={draft}
            onChange={(event) => setDraft(capped(event.target.value))}
            onKeyDown={onKeyDown}
            placeholder="Ask a question about Tower"
            aria-label="Your question"
            enterKeyHint="send"
            maxLength={SEARCH.maxQueryLength}
            rows={1}
          />
          <button type="submit" className="button button--primary button--sm tower-askai__ask">
            Ask
          </button>
        </form>
        <div className="tower-askai__body" aria-live="polite">
          {state.status === 'idle' && <p className="tower-askai__hint">Ask a question and get an answer built from the docs.</p>}
          {state.status === 'loading' && <p className="tower-askai__hint">Reading the docs…</p>}
          {state.status === 'error' && (
            <p className="tower-askai__hint">Ask AI is unavailable right now: the search index could not be loaded. Try again later.</p>
          )}
          {state.status === 'done' && <AskAiAnswer answer={state.answer} processUrl={processUrl} onNavigate={onNavigate} />}
        </div>
        <p className="tower-askai__disclaimer">{SEARCH.askAiLocalDisclaimer}</p>
      </div>
    </div>
  );
}
