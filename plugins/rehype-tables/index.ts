/**
 * A rehype plugin for the docs' Markdown tables, so they read well at any width:
 *
 * - Every table takes keyboard focus: a wide table scrolls sideways on a narrow screen, and a
 *   scrollable region that cannot take focus is out of reach for keyboard users (axe:
 *   scrollable-region-focusable).
 * - A table of two or more columns is marked to become stacked entries on a phone
 *   (`STACKED_CLASS`, laid out by src/css/custom.css): each row an entry with its first cell as the
 *   title, the middle cells labelled with their column's header (`data-label`), and the last cell,
 *   usually the description, as text below. An options table (Name, Short, Type, Default,
 *   Description) also gets `OPTIONS_CLASS`: the short flag stands beside the name, and a short
 *   flag of "—" is left out.
 *
 * Build-time only: the page gets plain attributes and CSS does the rest, with no script.
 */
import type {Element, ElementContent, Nodes, Root} from 'hast';

export const STACKED_CLASS = 'table-stacked';
export const OPTIONS_CLASS = 'table-options';
/** The header of the short-flag column of an options table. */
const SHORT_HEADER = 'Short';
/** What the docs write in a cell that has no value. */
const EMPTY_CELL = /^(—|-|)$/;

const isElement = (node: Nodes | ElementContent, tagName?: string): node is Element =>
  node.type === 'element' && (tagName === undefined || node.tagName === tagName);

const textOf = (node: Nodes | ElementContent): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

const childElements = (node: Element, tagName: string): Element[] => node.children.filter((child): child is Element => isElement(child, tagName));

const rowsOf = (table: Element, section: string): Element[] => childElements(table, section).flatMap((part) => childElements(part, 'tr'));

const cellsOf = (row: Element): Element[] => row.children.filter((child): child is Element => isElement(child, 'td') || isElement(child, 'th'));

function addClass(node: Element, name: string): void {
  const current: unknown = node.properties.className;
  const list = Array.isArray(current) ? current.map(String) : typeof current === 'string' ? current.split(/\s+/).filter(Boolean) : [];
  node.properties.className = [...list, name];
}

/** Marks one table: focusable, and laid out as entries on a phone when it has two or more columns. */
export function prepareTable(table: Element): void {
  table.properties = {...table.properties, tabIndex: 0};
  const [header] = rowsOf(table, 'thead');
  const headers = header ? cellsOf(header).map((cell) => textOf(cell).trim()) : [];
  if (headers.length < 2) return;
  addClass(table, STACKED_CLASS);
  const options = headers[1] === SHORT_HEADER;
  if (options) addClass(table, OPTIONS_CLASS);
  for (const row of rowsOf(table, 'tbody')) {
    cellsOf(row).forEach((cell, index) => {
      const last = index === headers.length - 1;
      if (options && index === 1) {
        if (EMPTY_CELL.test(textOf(cell).trim())) cell.properties = {...cell.properties, dataEmpty: ''};
      } else if (index > 0 && !last && headers[index]) {
        cell.properties = {...cell.properties, dataLabel: headers[index]};
      }
    });
  }
}

export function prepareTables(tree: Root): void {
  const visit = (node: Nodes) => {
    if (isElement(node, 'table')) prepareTable(node);
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
}

export default function rehypeTables() {
  return (tree: Root) => prepareTables(tree);
}
