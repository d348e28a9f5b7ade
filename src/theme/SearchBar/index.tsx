/**
 * Replaces (does not wrap) the theme's SearchBar. Wrapping cannot fix what
 * this site needs from it:
 * - local mode: every query goes to the local index (src/search) through
 *   `transformSearchClient`, there is no preconnect to Algolia, and Ask AI is
 *   answered inside the modal from the docs (AskAiPanel), never remotely;
 * - `keyboardShortcuts` from themeConfig.algolia reaches DocSearch (3.9.1
 *   drops it);
 * - typing a letter or digit on the focused search button opens the modal
 *   with that character (3.9.1 relies on an `onInput` DocSearch 4.5+ ignores).
 * Everything else follows the theme: DocSearch's button, modal and keyboard
 * hook, the theme's URL processing, contextual facet filters and Ask AI hook.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
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
import {watchModal} from './modalSemantics';
import {SEARCH} from '@site/src/constants';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

type ModalComponent = typeof DocSearchModalType;
type ModalProps = React.ComponentProps<ModalComponent>;
type Hit = {url: string};

let DocSearchModal: ModalComponent | null = null;
let AskAiPanel: typeof import('./AskAiPanel').default | null = null;

/** Loads the modal's code and styles the first time a reader reaches for search. */
function loadModal(): Promise<void> {
  if (DocSearchModal && AskAiPanel) return Promise.resolve();
  return Promise.all([
    import('@docsearch/react/modal'),
    import('./AskAiPanel'),
    import('@docsearch/react/style'),
  ]).then(([modal, panel]) => {
    DocSearchModal = modal.DocSearchModal;
    AskAiPanel = panel.default;
  });
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
    <div className="tower-hit" data-url={url} onClick={open} onAuxClick={open}>
      {children}
    </div>
  );
}

export default function SearchBar(): ReactNode {
  const {mode, algolia, indexUrl, facetFilters, docusaurusVersion} = useSearchSetup();
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const createSearchLink = useSearchLinkCreator();
  const {externalUrlRegex} = algolia;
  const keyboardShortcuts = useMemo(
    () => ({...SEARCH.keyboardShortcuts, ...algolia.keyboardShortcuts}),
    [algolia.keyboardShortcuts],
  );

  const containerRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);

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
      setLocalQuestion(active ? (initialMessage?.query ?? '') : null);
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
    if (!isOpen || !containerRef.current) return undefined;
    return watchModal(containerRef.current);
  }, [isOpen]);

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

  const transformItems = useCallback(
    (items: Hit[]) => items.map((item) => ({...item, url: processUrl(item.url)})),
    [processUrl],
  ) as unknown as ModalProps['transformItems'];

  const transformSearchClient = useCallback<NonNullable<ModalProps['transformSearchClient']>>(
    (client) => {
      // Local mode never uses Algolia's client: the local one takes its place.
      const target = mode === 'local' ? (localClientFor(indexUrl) as unknown as typeof client) : client;
      target.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return target;
    },
    [mode, indexUrl, docusaurusVersion],
  );

  const hitComponent = useCallback(
    ({hit, children}: {hit: Hit; children: ReactNode}) => (
      <ResultTarget url={hit.url} navigate={openResult}>
        {children}
      </ResultTarget>
    ),
    [openResult],
  ) as unknown as ModalProps['hitComponent'];

  const resultsFooterComponent = useCallback(
    ({state}: {state: {query: string; context: {nbHits?: number}}}) => (
      <Link to={createSearchLink(state.query)} onClick={closeModal}>
        <Translate id="theme.SearchBar.seeAll" values={{count: state.context.nbHits ?? 0}}>
          {'See all {count} results'}
        </Translate>
      </Link>
    ),
    [createSearchLink, closeModal],
  ) as unknown as ModalProps['resultsFooterComponent'];

  const modalTranslations = useMemo(
    () => ({
      ...translations.modal,
      askAiScreen: {...translations.modal?.askAiScreen, disclaimerText: SEARCH.askAiDisclaimer},
    }),
    [],
  );

  // Local mode offers Ask AI in the modal; the question is answered by AskAiPanel.
  const askAiProps =
    mode === 'local'
      ? {
          askAi: {assistantId: 'local-docs', appId: algolia.appId, apiKey: algolia.apiKey, indexName: algolia.indexName},
          canHandleAskAi: true,
          isAskAiActive: false,
          onAskAiToggle,
          interceptAskAiEvent: (message: {query: string}) => {
            setLocalQuestion(message.query);
            return true;
          },
        }
      : remoteAskAi.extraAskAiProps;

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
              {...(docSearchConfig as unknown as ModalProps)}
              insights={false}
              initialScrollY={window.scrollY}
              initialQuery={initialQuery}
              onClose={closeModal}
              navigator={navigator}
              transformItems={transformItems}
              transformSearchClient={transformSearchClient}
              hitComponent={hitComponent}
              {...(algolia.searchPagePath ? {resultsFooterComponent} : {})}
              placeholder={remoteAskAi.currentPlaceholder}
              translations={(algolia.translations?.modal as ModalProps['translations']) ?? modalTranslations}
              searchParameters={{...algolia.searchParameters, facetFilters}}
              keyboardShortcuts={keyboardShortcuts}
              {...(askAiProps as Partial<ModalProps>)}
            />
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
