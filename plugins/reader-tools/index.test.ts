import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {insertReaderTools, READER_TOOLS, ReaderToolError, type MdastNode} from './index';

const directive = (name: string, attributes: Record<string, string> = {}, line = 7, children: MdastNode[] = []): MdastNode => ({
  type: 'leafDirective',
  name,
  attributes,
  children,
  position: {start: {line}},
});
const paragraph = (text: string): MdastNode => ({type: 'paragraph', children: [{type: 'text', value: text}]});

describe('reader-tool directives', () => {
  test('become the component, with the import added to that page only', () => {
    const tree: MdastNode = {type: 'root', children: [paragraph('Intro'), directive('cron-explainer', {app: 'daily', cron: '0 6 * * *'})]};
    insertReaderTools(tree, 'docs/guide.md');
    const [esm, intro, element] = tree.children!;
    assert.equal(esm.type, 'mdxjsEsm');
    assert.equal(esm.value, `import ReaderToolCronExplainer from "${READER_TOOLS['cron-explainer'].component}";`);
    const program = (esm.data as {estree: {body: {type: string; source: {value: string}}[]}}).estree;
    assert.equal(program.body[0].type, 'ImportDeclaration');
    assert.equal(program.body[0].source.value, '@site/src/components/CronExplainer');
    assert.deepEqual(intro, paragraph('Intro'));
    assert.deepEqual(element, {
      type: 'mdxJsxFlowElement',
      name: 'ReaderToolCronExplainer',
      attributes: [
        {type: 'mdxJsxAttribute', name: 'app', value: 'daily'},
        {type: 'mdxJsxAttribute', name: 'cron', value: '0 6 * * *'},
        {type: 'mdxJsxAttribute', name: 'headingLevel', value: '2'},
      ],
      children: [],
    });
  });

  test("a tool with its own heading gets the level below its section's heading", () => {
    const heading = (depth: number): MdastNode => ({type: 'heading', depth, children: [{type: 'text', value: 'x'}]}) as MdastNode;
    const levelOf = (node: MdastNode | undefined) => (node?.attributes as {name: string; value: string}[]).find((a) => a.name === 'headingLevel')?.value;
    const tree: MdastNode = {
      type: 'root',
      children: [heading(2), directive('cron-explainer'), heading(3), paragraph('p'), directive('cron-explainer'), heading(6), directive('cron-explainer')],
    };
    insertReaderTools(tree);
    const tools = tree.children!.filter((n) => n.type === 'mdxJsxFlowElement');
    assert.deepEqual(tools.map(levelOf), ['3', '4', '6']);
    const checker: MdastNode = {type: 'root', children: [directive('towerfile-checker')]};
    insertReaderTools(checker);
    assert.deepEqual(checker.children![1].attributes, [], 'the checker has no heading of its own');
  });

  test('a page without a tool is left as it is, and a tool used twice is imported once', () => {
    const plain: MdastNode = {type: 'root', children: [paragraph('x'), {type: 'leafDirective', name: 'something-else', children: []}]};
    const before = structuredClone(plain);
    insertReaderTools(plain);
    assert.deepEqual(plain, before);
    const twice: MdastNode = {type: 'root', children: [directive('towerfile-checker'), {type: 'blockquote', children: [directive('towerfile-checker')]}]};
    insertReaderTools(twice);
    assert.equal(twice.children!.filter((n) => n.type === 'mdxjsEsm').length, 1);
    assert.equal(twice.children![2].children![0].type, 'mdxJsxFlowElement', 'nested directives are found too');
  });

  test('an unknown attribute or a label fails the build, naming page and line', () => {
    assert.throws(
      () => insertReaderTools({type: 'root', children: [directive('cron-explainer', {schedule: 'x'}, 12)]}, 'docs/a.md'),
      (error: Error) => error instanceof ReaderToolError && /^docs\/a\.md:12: ::cron-explainer has no attribute "schedule": use app, cron$/.test(error.message),
    );
    assert.throws(
      () => insertReaderTools({type: 'root', children: [directive('towerfile-checker', {}, 3, [{type: 'text', value: 'label'}])]}, 'docs/b.md'),
      /docs\/b\.md:3: ::towerfile-checker takes no label/,
    );
  });
});
