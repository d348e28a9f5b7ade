import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {SIDEBARS} from './src/constants';
import {apiSidebarCategory, type ApiSidebarCategory} from './plugins/api-reference/sidebar';

/**
 * The documentation and examples sidebars. Order is explicit so the reading
 * path (install, first app, concepts, architecture, guides, reference) never
 * depends on file names. Each category gets a generated index page whose cards
 * show the child pages' front-matter descriptions.
 */
function category(label: string, slug: string, description: string, items: (string | ApiSidebarCategory)[]) {
  return {
    type: 'category' as const,
    label,
    collapsed: false,
    link: {type: 'generated-index' as const, slug: `/category/${slug}`, description},
    items,
  };
}

const sidebars: SidebarsConfig = {
  [SIDEBARS.docs]: [
    'intro',
    category('Getting Started', 'getting-started', 'Install the Tower CLI and deploy your first app.', [
      'getting-started/download-the-cli',
      'getting-started/quick-start',
    ]),
    category('Concepts', 'concepts', 'The building blocks of Tower and how they fit together.', [
      'concepts/apps',
      'concepts/environments',
      'concepts/runs',
      'concepts/tables',
      'concepts/models',
      'concepts/teams',
    ]),
    category('Tower Architecture', 'tower-architecture', 'How Tower is built: the control plane, the data plane, networking and security.', [
      'architecture/how-tower-works',
      'architecture/data-plane',
      'architecture/networking',
      'architecture/security',
    ]),
    category('Using Tower', 'using-tower', 'Guides for developing, testing, orchestrating and observing apps, and for retries, webhooks, teams and API keys.', [
      'using-tower/develop',
      'using-tower/test',
      'using-tower/orchestrate',
      'using-tower/observe',
      'using-tower/retries',
      'using-tower/webhooks',
      'using-tower/working-in-teams',
      'using-tower/api-keys',
      'using-tower/working-with-tables',
      'using-tower/working-with-models',
      'using-tower/mcp-walkthrough',
      'using-tower/docs-for-agents',
      'using-tower/advanced',
    ]),
    category('Reference', 'reference', 'Every CLI command, SDK function, Towerfile key, MCP tool and API operation.', [
      'reference/tower-cli',
      'reference/tower-sdk',
      'reference/towerfile',
      'reference/towerfile-checker',
      'reference/mcp-server',
      // Overview plus one page per operation, grouped by the spec's tags; generated from
      // openapi/tower-api.yaml on every build (plugins/api-reference).
      apiSidebarCategory(),
    ]),
  ],
  [SIDEBARS.examples]: [
    category('Examples', 'examples', 'Complete example apps you can deploy and run on Tower.', [
      'examples/intro',
      'examples/using-dlthub',
      'examples/tables',
      'examples/models',
      'examples/orchestration',
      'examples/agents',
      'examples/dbt',
    ]),
  ],
};

export default sidebars;
