/**
 * Replaces (does not wrap) the theme's SearchBar. Wrapping cannot fix what
 * this site needs from it:
 * - local mode: every query goes to the local index (src/search) through
 *   `transformSearchClient`, there is no preconnect to Algolia, and Ask AI is
 *   answered inside the modal from the docs (AskAiPanel), never remotely.
 *   When the query reads as a question (or finds nothing) Ask AI is the first
 *   row, highlighted, as DocSearch's own Ask AI entry is; otherwise it is a
 *   button under the results and Enter opens the highlighted first result.
 *   Results come one page at a time (`distinct`), grouped as on the /search
 *   page (modalHits.ts); when the index cannot be loaded the modal says so,
 *   with Try again;
 * - "See all N results" shows the count of the query on screen (DocSearch 4.7
 *   adds up every keystroke's count), and stays in view under the results;
 * - hits are made safe before DocSearch writes them as HTML (modalHits.ts),
 *   and blocked browser storage no longer kills the modal (storage.ts);
 * - `keyboardShortcuts` from themeConfig.algolia reaches DocSearch (3.9.1
 *   drops it);
 * - typing a letter or digit on the focused search button opens the modal
 *   with that character (3.9.1 relies on an `onInput` DocSearch 4.5+ ignores).
 * Everything else follows the theme: DocSearch's button, modal and keyboard
 * hook, the theme's URL processing, contextual facet filters and Ask AI hook.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import type {DocSearchModal as DocSearchModalType} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {useAlgoliaAskAi, useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import translations from '@theme/SearchTranslations';
import type * as ModalHits from './modalHits';
import type * as ModalSemantics from './modalSemantics';
import {onAskAiRequest} from './askAiRequests';
import {ensureUsableStorage} from './storage';
import type AskAiPanelComponent from './AskAiPanel';
import {SEARCH} from '@site/src/constants';
import type {LocalSearchClient} from '@site/src/search/client';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

type ModalComponent = typeof DocSearchModalType;
type ModalProps = React.ComponentProps<ModalComponent>;

/**
 * Sections shown under each page in the modal, and pages per query (local
 * mode): a short list the eye takes in at once; "See all N results" below it
 * leads to the rest.
 */
const SECTIONS_PER_PAGE = 3;
const PAGES_PER_QUERY = 5;

/** The number of results of each query the modal asked for, for "See all N results". */
const resultCounts = new Map<string, number>();

type SearchClient = Parameters<NonNullable<ModalProps['transformSearchClient']>>[0];

/**
 * The client the modal searches with: it records each query's result count
 * and, in local mode, puts the Ask AI row first when the query reads as a
 * question to the engine (its intent) or finds nothing.
 */
function modalClient(client: SearchClient, local: LocalSearchClient | null, searchPageUrl: (query: string) => string): SearchClient {
  const search: SearchClient['search'] = async (...args) => {
    const response = await client.search(...args);
    const first = response.results[0];
    if (!first || !('query' in first) || typeof first.query !== 'string') return response;
    const {query} = first;
    const count = ('nbHits' in first ? first.nbHits : undefined) ?? 0;
    resultCounts.set(query, count);
    if (!local || !query.trim() || !('hits' in first)) return response;
    const engine = await local.engine().catch(() => null);
    if (!engine || (count > 0 && engine.plan(query).intent !== 'question')) return response;
    const withRow = {...first, hits: [hits().askAiRow(query, searchPageUrl(query)), ...first.hits]} as typeof first;
    return {...response, results: [withRow, ...response.results.slice(1)]};
  };
  return Object.assign(Object.create(client) as SearchClient, {search});
}

let DocSearchModal: ModalComponent | null = null;
let AskAiPanel: typeof AskAiPanelComponent | null = null;
// What only the open modal uses (its rows and its roles) loads with it, not with every page.
let modalHits: typeof ModalHits | null = null;
let modalSemantics: typeof ModalSemantics | null = null;

/** Loads the modal's code and styles the first time a reader reaches for search. */
function loadModal(): Promise<void> {
  ensureUsableStorage();
  if (DocSearchModal && AskAiPanel && modalHits && modalSemantics) return Promise.resolve();
  return Promise.all([
    import('@docsearch/react/modal'),
    import('./AskAiPanel'),
    import('./modalHits'),
    import('./modalSemantics'),
    import('@docsearch/react/style'),
  ]).then(([modal, panel, hits, semantics]) => {
    DocSearchModal = modal.DocSearchModal;
    AskAiPanel = panel.default;
    modalHits = hits;
    modalSemantics = semantics;
  });
}

/** The modal's row helpers; everything that calls this runs inside the modal, after loadModal(). */
function hits(): typeof ModalHits {
  if (!modalHits) throw new Error('The search modal used its rows before loadModal() had finished.');
  return modalHits;
}

/** A single letter or digit typed without modifiers. */
function isCharacterKey(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && /^[\p{L}\p{N}]$/u.test(event.key);
}

function isExternal(url: string, externalUrlRegex: string | undefined): boolean {
  return Boolean(externalUrlRegex) && /^https?:\/\//.test(url) && isRegexpStringMatch(externalUrlRegex, url);
}

/**
 * A search result inside the modal's listbox. DocSearch renders each result
 * as a link inside an element with role="option"; a focusable control inside
 * an option is an accessibility error (axe: nested-interactive), because the
 * option is what the combobox moves through and announces. So the result is
 * a plain element: the arrow keys and Enter already go through DocSearch (and
 * our `navigator`), and a click, a middle click or a modifier click is handled
 * here the way a link would handle it.
 */
function ResultTarget({url, children, navigate}: {url: string; children: ReactNode; navigate: (url: string, newTab: boolean) => void}) {
  const open = (event: React.MouseEvent) => {
    if (event.button !== 0 && event.button !== 1) return;
    navigate(url, event.button === 1 || event.metaKey || event.ctrlKey || event.shiftKey);
  };
  return (
    // The keyboard reaches a hit through DocSearch's own list navigation (arrows, Enter -> navigator), not through this element.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="tower-hit" data-url={url} onClick={open} onAuxClick={open}>
      {children}
    </div>
  );
}

/**
 * The Ask AI row: DocSearch's option holds it like a result (the arrow keys
 * reach it, and Enter is taken in SearchBar). A click opens Ask AI and goes no
 * further, so DocSearch neither keeps it as a recent search nor closes.
 */
function AskAiRow({question, onAsk}: {question: string; onAsk: (question: string) => void}) {
  const ask = (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    onAsk(question);
  };
  return (
    // The keyboard reaches the row through DocSearch's list navigation; Enter is handled in SearchBar.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="tower-hit tower-askai-row" data-ask-ai={question} onClick={ask}>
      <svg className="tower-askai-row__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path d="M10 2l1.8 4.9L17 8.6l-5.2 1.8L10 15.4l-1.8-5-5.2-1.8 5.2-1.7z" fill="currentColor" />
        <path d="M16 13l.7 1.8 1.8.7-1.8.6L16 18l-.7-1.9-1.8-.6 1.8-.7z" fill="currentColor" />
      </svg>
      <span className="tower-askai-row__text">
        <span className="tower-askai-row__label">Ask AI</span>
        <span className="tower-askai-row__question">{question}</span>
      </span>
    </div>
  );
}

export default function SearchBar(): ReactNode {
  const {mode, algolia, indexUrl, facetFilters, docusaurusVersion} = useSearchSetup();
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const createSearchLink = useSearchLinkCreator();
  const {externalUrlRegex} = algolia;
  const keyboardShortcuts = useMemo(() => ({...SEARCH.keyboardShortcuts, ...algolia.keyboardShortcuts}), [algolia.keyboardShortcuts]);

  const containerRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  // A new modal (same query) after the index could be loaded on Try again.
  const [modalKey, setModalKey] = useState(0);
  const local = mode === 'local' ? localClientFor(indexUrl) : null;
  const unavailable = useSyncExternalStore(
    useCallback((listener: () => void) => local?.subscribe(listener) ?? (() => undefined), [local]),
    () => local?.unavailable() ?? false,
    () => false,
  );

  // Algolia mode: DocSearch's own Ask AI, through the theme's hook.
  const remoteAskAi = useAlgoliaAskAi(algolia as never);
  // Local mode: null when the Ask AI panel is closed, else the question.
  const [localQuestion, setLocalQuestion] = useState<string | null>(null);
  const isAskAiActive = mode === 'local' ? localQuestion !== null : Boolean(remoteAskAi.isAskAiActive);

  const onAskAiToggle = useCallback(
    (active: boolean, initialMessage?: {query: string}) => {
      if (mode === 'algolia') {
        remoteAskAi.onAskAiToggle(active);
        return;
      }
      setLocalQuestion(active ? (initialMessage?.query ?? '').slice(0, SEARCH.maxQueryLength) : null);
      if (!active) {
        // Back in keyword search: the reader continues typing in its box.
        requestAnimationFrame(() => containerRef.current?.querySelector<HTMLInputElement>('.DocSearch-Input')?.focus());
      }
    },
    [mode, remoteAskAi],
  );

  const openModal = useCallback(() => {
    if (!containerRef.current) {
      const container = document.createElement('div');
      container.className = 'tower-search-root';
      // Lets the styles drop what does not apply to local search (styles.css).
      container.dataset.searchMode = mode;
      document.body.insertBefore(container, document.body.firstChild);
      containerRef.current = container;
    }
    void loadModal().then(() => setIsOpen(true));
  }, [mode]);

  useEffect(() => {
    if (!isOpen || !containerRef.current || !modalSemantics) return undefined;
    return modalSemantics.watchModal(containerRef.current);
  }, [isOpen]);

  // Another part of the page (the /search page) asks for Ask AI: open the modal with the question.
  useEffect(() => {
    if (mode !== 'local') return undefined;
    return onAskAiRequest((question) => {
      // The question is also the keyword query the reader finds on going back to search.
      setInitialQuery(question.slice(0, SEARCH.maxQueryLength));
      void loadModal().then(() => {
        openModal();
        onAskAiToggle(true, {query: question});
      });
    });
  }, [mode, openModal, onAskAiToggle]);

  // Enter on the highlighted Ask AI row opens Ask AI. DocSearch would treat it as a
  // result (keep it as a recent search, close the modal), so the key is taken first.
  useEffect(() => {
    const container = containerRef.current;
    if (!isOpen || mode !== 'local' || !container) return undefined;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' || event.isComposing || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      // Only DocSearch's own box: the Ask AI panel's field submits its form.
      if (!(event.target instanceof Element) || !event.target.closest('.DocSearch-Modal')) return;
      const row = container.querySelector<HTMLElement>('.DocSearch-Hit[aria-selected="true"] [data-ask-ai]');
      if (!row) return;
      event.preventDefault();
      event.stopPropagation();
      onAskAiToggle(true, {query: row.dataset.askAi ?? ''});
    };
    container.addEventListener('keydown', onKeyDown, true);
    return () => container.removeEventListener('keydown', onKeyDown, true);
  }, [isOpen, mode, onAskAiToggle]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    setInitialQuery(undefined);
    setLocalQuestion(null);
    if (mode === 'algolia') remoteAskAi.onAskAiToggle(false);
    buttonRef.current?.focus();
  }, [mode, remoteAskAi]);

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    isAskAiActive,
    onAskAiToggle: (active: boolean) => onAskAiToggle(active),
    keyboardShortcuts,
  });

  const onButtonKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!isCharacterKey(event)) return;
      // The character becomes the query; keep it from being typed twice.
      event.preventDefault();
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );

  // Where a chosen result goes: the arrow keys and Enter (DocSearch's navigator) and a click (ResultTarget).
  const openResult = useCallback(
    (url: string, newTab: boolean) => {
      if (newTab) window.open(url, '_blank', 'noopener');
      else if (isExternal(url, externalUrlRegex)) window.location.assign(url);
      else history.push(url);
    },
    [externalUrlRegex, history],
  );

  const navigator = useMemo<ModalProps['navigator']>(
    () => ({
      navigate: ({itemUrl}) => openResult(itemUrl, false),
      navigateNewTab: ({itemUrl}) => openResult(itemUrl, true),
      navigateNewWindow: ({itemUrl}) => openResult(itemUrl, true),
    }),
    [openResult],
  );

  const transformItems = useCallback<NonNullable<ModalProps['transformItems']>>(
    (items) =>
      items.map((item) => {
        const {isAskAiRow, safeHit, groupedByPage} = hits();
        if (isAskAiRow(item)) return item;
        const safe = safeHit({...item, url: processUrl(item.url)});
        return mode === 'local' ? groupedByPage(safe) : safe;
      }),
    [processUrl, mode],
  );

  const transformSearchClient = useCallback<NonNullable<ModalProps['transformSearchClient']>>(
    (client) => {
      // Local mode never uses Algolia's client: the local one takes its place.
      // The local client answers the requests DocSearch sends with responses of the same shape; its types are its own.
      const target = mode === 'local' ? (localClientFor(indexUrl) as unknown as SearchClient) : client;
      target.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return modalClient(target, mode === 'local' ? localClientFor(indexUrl) : null, createSearchLink);
    },
    [mode, indexUrl, docusaurusVersion, createSearchLink],
  );

  const hitComponent = useCallback<NonNullable<ModalProps['hitComponent']>>(
    ({hit, children}) =>
      hits().isAskAiRow(hit) ? (
        <AskAiRow question={hit.hierarchy.lvl1 ?? ''} onAsk={(question) => onAskAiToggle(true, {query: question})} />
      ) : (
        <ResultTarget url={hit.url} navigate={openResult}>
          {children}
        </ResultTarget>
      ),
    [openResult, onAskAiToggle],
  );

  const resultsFooterComponent = useCallback<NonNullable<ModalProps['resultsFooterComponent']>>(
    ({state}) => (
      <div className="tower-hits-footer">
        {algolia.searchPagePath && (resultCounts.get(state.query) ?? 0) > 0 && (
          <Link to={createSearchLink(state.query)} onClick={closeModal}>
            <Translate id="theme.SearchBar.seeAll" values={{count: resultCounts.get(state.query) ?? 0}}>
              {'See all {count} results'}
            </Translate>
          </Link>
        )}
        {mode === 'local' && !state.collections.some((collection) => collection.items.some(hits().isAskAiRow)) && (
          <button type="button" className="tower-askai-button" onClick={() => onAskAiToggle(true, {query: state.query})}>
            Ask AI: “{state.query}”
          </button>
        )}
      </div>
    ),
    [createSearchLink, closeModal, algolia.searchPagePath, mode, onAskAiToggle],
  );

  const retry = useCallback(() => {
    if (!local) return;
    const query = containerRef.current?.querySelector<HTMLInputElement>('.DocSearch-Input')?.value;
    void local.retry().then((loaded) => {
      if (!loaded) return;
      // A fresh modal searches its initial query at once.
      setInitialQuery(query || undefined);
      setModalKey((key) => key + 1);
    });
  }, [local]);

  const modalTranslations = useMemo(
    () => ({
      ...translations.modal,
      askAiScreen: {...translations.modal?.askAiScreen, disclaimerText: SEARCH.askAiDisclaimer},
    }),
    [],
  );

  // Local mode: Ask AI is the first row (modalClient) or a button under the results (resultsFooterComponent), answered by AskAiPanel.
  const askAiProps = mode === 'local' ? {} : remoteAskAi.extraAskAiProps;
  const searchParameters = useMemo(
    () => ({
      ...algolia.searchParameters,
      facetFilters,
      // Local mode: pages, each with its best sections, as on the /search page.
      ...(mode === 'local' ? {distinct: SECTIONS_PER_PAGE, hitsPerPage: PAGES_PER_QUERY} : {}),
    }),
    [algolia.searchParameters, facetFilters, mode],
  );

  const {keyboardShortcuts: _shortcuts, insights: _insights, ...docSearchConfig} = algolia;

  return (
    <>
      {mode === 'algolia' && (
        <Head>
          {/* Lets the browser open the connection to DocSearch's cluster before the first query. */}
          <link rel="preconnect" href={`https://${algolia.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      <DocSearchButton
        ref={buttonRef}
        onTouchStart={loadModal}
        onFocus={loadModal}
        onMouseOver={loadModal}
        onClick={openModal}
        onKeyDown={onButtonKeyDown}
        keyboardShortcuts={keyboardShortcuts}
        translations={algolia.translations?.button ?? translations.button}
      />
      {isOpen &&
        DocSearchModal &&
        containerRef.current &&
        createPortal(
          <>
            <DocSearchModal
              key={modalKey}
              {...(docSearchConfig as unknown as ModalProps)}
              insights={false}
              initialScrollY={window.scrollY}
              initialQuery={initialQuery}
              onClose={closeModal}
              navigator={navigator}
              transformItems={transformItems}
              transformSearchClient={transformSearchClient}
              hitComponent={hitComponent}
              {...(algolia.searchPagePath || mode === 'local' ? {resultsFooterComponent} : {})}
              {...(mode === 'local' ? {maxResultsPerGroup: SECTIONS_PER_PAGE} : {})}
              placeholder={remoteAskAi.currentPlaceholder}
              translations={(algolia.translations?.modal as ModalProps['translations']) ?? modalTranslations}
              searchParameters={searchParameters as ModalProps['searchParameters']}
              keyboardShortcuts={keyboardShortcuts}
              {...(askAiProps as Partial<ModalProps>)}
            />
            {mode === 'local' && unavailable && localQuestion === null && (
              <div className="tower-askai" role="alertdialog" aria-modal="true" aria-labelledby="tower-search-unavailable">
                <div className="tower-askai__panel tower-unavailable">
                  <p id="tower-search-unavailable" className="tower-unavailable__title">
                    Search is unavailable right now.
                  </p>
                  <p>The search index could not be loaded. Check your connection and try again, or browse the documentation from the sidebar.</p>
                  <div className="tower-unavailable__actions">
                    {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's action takes the focus from the covered search box */}
                    <button type="button" className="button button--primary button--sm" onClick={retry} autoFocus>
                      Try again
                    </button>
                    <button type="button" className="button button--secondary button--sm" onClick={closeModal}>
                      Close
                    </button>
                  </div>
                </div>
              </div>
            )}
            {mode === 'local' && localQuestion !== null && AskAiPanel && (
              <AskAiPanel
                question={localQuestion}
                onAsk={setLocalQuestion}
                onBack={() => onAskAiToggle(false)}
                onNavigate={closeModal}
                client={localClientFor(indexUrl)}
                facetFilters={facetFilters}
                processUrl={processUrl}
              />
            )}
          </>,
          containerRef.current,
        )}
    </>
  );
}
