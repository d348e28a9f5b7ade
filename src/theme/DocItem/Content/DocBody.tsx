/**
 * The body of a docs page (the Markdown, from the H1 down). On the page the
 * browser loaded, React adopts the body the server rendered instead of
 * hydrating it element by element: the body never changes after the build,
 * and hydrating it meant creating and matching a component for each of its
 * thousands of elements (4,000 on the CLI reference) on a phone's main thread.
 * A body without islands is one element holding the server's HTML; what has
 * behaviour gets it without hydration: links and their prefetching
 * (./contentLinks.ts) and the code blocks' buttons
 * (src/theme/CodeBlock/actions.ts).
 *
 * Islands (src/components/Island: tabs, the reader tools) keep React state,
 * so they hydrate as usual, in the same pass: the body is rebuilt from the
 * server's DOM, each element that holds no island as one element with its
 * HTML, and each island as the element the page's MDX renders for it.
 *
 * A body reached by a client-side navigation (no server HTML to adopt) is
 * rendered by the theme's own DocItem/Content, as before, and so is a body
 * whose islands the MDX and the HTML disagree about. The server always
 * renders the theme's component, so the HTML, and what a reader without
 * JavaScript gets, do not change.
 */
import {createElement, Fragment, isValidElement, useEffect, useRef, useState, type ReactElement, type ReactNode, type Ref} from 'react';
import {useHistory} from '@docusaurus/router';
import Content from '@theme-original/DocItem/Content';
import MDXContent from '@theme/MDXContent';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import Island from '@site/src/components/Island';
import {ISLAND_SELECTOR, islandKindOf} from '@site/src/components/Island/kinds';
import {observeOverflowIn} from '@site/src/theme/CodeBlock/actions';
import {followContentLinks} from './contentLinks';

type Props = WrapperProps<typeof ContentType>;

/** The class the theme gives the body (ThemeClassNames.docs.docMarkdown) and Infima's Markdown styles. */
const BODY_CLASS = 'theme-doc-markdown markdown';

/** Elements that can hold no HTML. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

type ServerBody = {element: Element; islands: Element[]; skeleton: Skeleton[]};

/**
 * The server-rendered body and its outermost islands, while the page the browser loaded is being
 * hydrated; null on the server and after (Docusaurus turns <html data-has-hydrated> from "false"
 * to "true" once the page has hydrated: a body rendered after that belongs to a page reached in
 * the browser).
 */
function serverBody(): ServerBody | null {
  if (typeof document === 'undefined' || document.documentElement.getAttribute('data-has-hydrated') === 'true') return null;
  const element = document.querySelector('#__docusaurus .theme-doc-markdown');
  if (!element) return null;
  const islands = Array.from(element.querySelectorAll(ISLAND_SELECTOR)).filter((island) => !island.parentElement?.closest(ISLAND_SELECTOR));
  return {element, islands, skeleton: islands.length > 0 ? skeletonOf(element, islands) : []};
}

/** One object per element, so that a re-render hands React the same HTML and it writes nothing. */
const serverHtml = new WeakMap<Element, {__html: string}>();
function htmlOf(element: Element): {__html: string} {
  let html = serverHtml.get(element);
  if (!html) serverHtml.set(element, (html = {__html: element.innerHTML}));
  return html;
}

/** The island elements of the page's MDX (outermost first, in document order). */
function islandElements(node: unknown, found: ReactElement<{kind: string}>[] = []): ReactElement<{kind: string}>[] {
  if (Array.isArray(node)) node.forEach((child) => islandElements(child, found));
  else if (isValidElement<{kind: string}>(node)) {
    if (node.type === Island) found.push(node);
    else Object.values(node.props as Record<string, unknown>).forEach((value) => islandElements(value, found));
  }
  return found;
}

/**
 * The shape of the server's body around its islands, read from the DOM once, before hydration: an
 * element without an island stays one element with its HTML, an element holding one keeps its
 * children, an island is a slot for its MDX element. Read once, because React soon replaces an
 * island's elements with its own (tabs remount after hydration).
 */
type Skeleton = string | null | {tag: string; html?: {__html: string}; children?: Skeleton[]} | {island: number};

function skeletonOf(parent: Element, islands: readonly Element[]): Skeleton[] {
  return Array.from(parent.childNodes, (node): Skeleton => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (!(node instanceof Element)) return null;
    const island = islands.indexOf(node);
    if (island >= 0) return {island};
    const tag = node.localName;
    if (islands.some((root) => node.contains(root))) return {tag, children: skeletonOf(node, islands)};
    if (VOID_ELEMENTS.has(tag)) return {tag};
    return {tag, html: htmlOf(node)};
  });
}

/** React nodes that hydrate to the server's DOM: the skeleton, with each island's current MDX element in its slot. */
function fill(skeleton: readonly Skeleton[], islands: readonly ReactElement[]): ReactNode[] {
  return skeleton.map((part, key) => {
    if (part === null || typeof part === 'string') return part;
    if ('island' in part) return <Fragment key={key}>{islands[part.island]}</Fragment>;
    if (part.children) return createElement(part.tag, {key}, ...fill(part.children, islands));
    return createElement(part.tag, {key, dangerouslySetInnerHTML: part.html});
  });
}

/** Inside <MDXContent>: runs the page's MDX for its island elements and hydrates them in the adopted body. */
function BodyWithIslands({
  server,
  content,
  props,
  bodyRef,
}: {
  server: ServerBody;
  content: ReactElement;
  props: Props;
  bodyRef: Ref<HTMLDivElement>;
}): ReactNode {
  // The MDX function reads its components from context (useMDXComponents): it runs here, on every render.
  const elements = islandElements((content.type as (mdxProps: object) => ReactNode)(content.props as object));
  const matches = elements.length === server.islands.length && elements.every((element, index) => islandKindOf(server.islands[index]) === element.props.kind);
  if (!matches) return <Content {...props} />;
  return (
    <div ref={bodyRef} className={BODY_CLASS}>
      {fill(server.skeleton, elements)}
    </div>
  );
}

function AdoptedBody({server, props}: {server: ServerBody; props: Props}): ReactNode {
  const body = useRef<HTMLDivElement>(null);
  const history = useHistory();
  useEffect(() => {
    const root = body.current;
    if (!root) return undefined;
    observeOverflowIn(root);
    return followContentLinks(root, history);
  }, [history]);
  if (server.islands.length === 0) return <div ref={body} className={BODY_CLASS} dangerouslySetInnerHTML={htmlOf(server.element)} />;
  return (
    <MDXContent>
      <BodyWithIslands server={server} content={props.children as ReactElement} props={props} bodyRef={body} />
    </MDXContent>
  );
}

export default function DocBody(props: Props): ReactNode {
  const [server] = useState(serverBody);
  if (server === null) return <Content {...props} />;
  return <AdoptedBody server={server} props={props} />;
}
