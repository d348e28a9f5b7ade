/**
 * The editor setup of the docs MCP server is written once
 * (src/components/AgentTools/setup.ts, shown by the page menu); the
 * "Docs for coding agents" page and the README must give the same lines, and
 * the chat links must carry the page's Markdown URL and nothing else.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {CHAT_LINKS, chatPrompt, DOCS_MCP_URL, EDITOR_SETUPS} from '../../src/components/AgentTools/setup';
import {SITE} from '../../src/constants';
import {readMarkdown} from '../../lib/markdown';

const ROOT = path.join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The code blocks of a Markdown file, by language. */
function codeBlocks(markdown: string): Array<{language: string; code: string}> {
  return readMarkdown(markdown).fences.map((fence) => ({language: fence.lang, code: fence.code}));
}

describe('the setup lines of the docs MCP server', () => {
  test('the endpoint is the production docs host plus /mcp', () => {
    assert.equal(DOCS_MCP_URL, `${SITE.url}/mcp`);
    assert.deepEqual(
      EDITOR_SETUPS.map((setup) => setup.editor),
      ['Claude Code', 'Cursor', 'VS Code'],
    );
  });

  test('the docs page shows each setup as a code block of the same language, line for line', () => {
    const blocks = codeBlocks(read('docs/using-tower/docs-for-agents.md'));
    for (const setup of EDITOR_SETUPS) {
      assert.ok(
        blocks.some((block) => block.language === setup.language && block.code === setup.code),
        `docs/using-tower/docs-for-agents.md has no ${setup.language} block with the ${setup.editor} setup:\n${setup.code}`,
      );
    }
  });

  test('the README gives the same setup (JSON written on one line)', () => {
    const readme = read('README.md');
    const inlineJson = [...readme.matchAll(/`(\{[^`]*\})`/g)].map((match) => JSON.parse(match[1]) as unknown);
    for (const setup of EDITOR_SETUPS) {
      if (setup.language === 'json') {
        assert.ok(
          inlineJson.some((value) => JSON.stringify(value) === JSON.stringify(JSON.parse(setup.code))),
          `README.md lacks the ${setup.editor} setup: ${setup.code}`,
        );
      } else {
        assert.ok(readme.includes(`\`${setup.code}\``), `README.md lacks the ${setup.editor} setup: ${setup.code}`);
      }
    }
  });

  test('each JSON setup is valid JSON', () => {
    for (const setup of EDITOR_SETUPS.filter((entry) => entry.language === 'json')) assert.doesNotThrow(() => JSON.parse(setup.code), setup.editor);
  });
});

describe('the chat links', () => {
  test('open a new conversation whose only content is the request to read the page Markdown', () => {
    const markdownUrl = `${SITE.url}/docs/concepts/apps.md`;
    const links = CHAT_LINKS.map(({label, url}) => [label, new URL(url(chatPrompt(markdownUrl)))] as const);
    assert.deepEqual(
      links.map(([label, url]) => [label, url.origin + url.pathname, [...url.searchParams.keys()]]),
      [
        ['Open in ChatGPT', 'https://chatgpt.com/', ['q']],
        ['Open in Claude', 'https://claude.ai/new', ['q']],
      ],
    );
    for (const [, url] of links)
      assert.equal(url.searchParams.get('q'), `Read ${markdownUrl} from the Tower documentation, then answer my questions about it.`);
  });
});
