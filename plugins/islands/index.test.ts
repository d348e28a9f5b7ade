import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {insertReaderTools, READER_TOOLS, type MdastNode as ReaderToolNode} from '../reader-tools/index';
import {ISLAND_KINDS} from '../../src/components/Island/kinds';
import {ISLAND_COMPONENT, wrapIslands, type MdastNode} from './index';

const esmImport = (name: string, source: string): MdastNode => ({
  type: 'mdxjsEsm',
  value: `import ${name} from '${source}';`,
  data: {
    estree: {
      body: [{type: 'ImportDeclaration', source: {value: source}, specifiers: [{type: 'ImportDefaultSpecifier', local: {name}}]}],
    },
  },
});
const element = (name: string, children: MdastNode[] = []): MdastNode => ({type: 'mdxJsxFlowElement', name, attributes: [], children});
const paragraph = (text: string): MdastNode => ({type: 'paragraph', children: [{type: 'text', value: text}]});
const kindOf = (node: MdastNode) => (node.attributes?.[0] as {value?: string} | undefined)?.value;

describe('islands in page MDX', () => {
  test('an element of an island component is wrapped, by the module it comes from, whatever its local name', () => {
    const tabs = element('CodeTabs', [element('TabItem', [paragraph('curl')])]);
    const tree: MdastNode = {
      type: 'root',
      children: [esmImport('CodeTabs', '@theme/Tabs'), esmImport('TabItem', '@theme/TabItem'), paragraph('Intro'), tabs],
    };
    wrapIslands(tree);
    const [added, , , intro, wrapper] = tree.children!;
    assert.equal(added.type, 'mdxjsEsm');
    assert.equal(added.value, `import TowerDocIsland from "${ISLAND_COMPONENT}";`);
    assert.deepEqual(intro, paragraph('Intro'));
    assert.equal(wrapper.name, 'TowerDocIsland');
    assert.equal(kindOf(wrapper), 'tabs');
    assert.deepEqual(wrapper.children, [tabs], 'the element itself is unchanged inside');
  });

  test('nested islands: only the outermost is wrapped; elements in lists and admonitions are found', () => {
    const inner = element('Tabs');
    const outer = element('Tabs', [element('TabItem', [inner])]);
    const nested = element('Tabs');
    const tree: MdastNode = {
      type: 'root',
      children: [esmImport('Tabs', '@theme/Tabs'), outer, {type: 'list', children: [{type: 'listItem', children: [nested]}]}],
    };
    wrapIslands(tree);
    // [the wrapper's import, the Tabs import, the outer Tabs, the list]
    assert.equal(tree.children![2].name, 'TowerDocIsland');
    assert.equal(tree.children![3].children![0].children![0].name, 'TowerDocIsland');
    const wrappedOuter = tree.children![2].children![0];
    assert.equal(wrappedOuter, outer);
    assert.equal(wrappedOuter.children![0].children![0], inner, 'the inner Tabs stays as it was, unwrapped');
  });

  test('a page without an island component is left exactly as it is', () => {
    const plain: MdastNode = {type: 'root', children: [esmImport('Steps', '@site/src/components/Steps'), element('Steps', [paragraph('x')])]};
    const before = structuredClone(plain);
    wrapIslands(plain);
    assert.deepEqual(plain, before);
  });

  test('every reader tool is an island kind, and the reader-tools plugin output is wrapped after it', () => {
    for (const [name, tool] of Object.entries(READER_TOOLS)) {
      assert.ok(
        ISLAND_KINDS.some((kind) => kind.name === name && kind.source === tool.component),
        `${name} (${tool.component}) has no island kind`,
      );
    }
    const tree: ReaderToolNode = {
      type: 'root',
      children: [
        paragraph('Intro'),
        {type: 'leafDirective', name: 'cron-explainer', attributes: {cron: '0 6 * * *'}, children: [], position: {start: {line: 3}}},
      ],
    };
    insertReaderTools(tree, 'docs/a.md');
    wrapIslands(tree as MdastNode);
    const wrapper = (tree as MdastNode).children!.find((node) => node.name === 'TowerDocIsland')!;
    assert.equal(kindOf(wrapper), 'cron-explainer');
    assert.equal(wrapper.children![0].name, 'ReaderToolCronExplainer');
  });
});
