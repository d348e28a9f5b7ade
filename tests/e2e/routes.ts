/**
 * The spec's route table as data: every path the site must serve and the H1 a
 * reader sees there. The API reference adds its routes in API_ROUTES.
 */
export type Route = {path: string; heading: string};

export const DOC_ROUTES: Route[] = [
  {path: '/', heading: 'Tower documentation'},
  {path: '/docs/intro', heading: 'Introduction to Tower'},
  {path: '/docs/getting-started/download-the-cli', heading: 'Download the CLI'},
  {path: '/docs/getting-started/quick-start', heading: 'Quickstart'},
  {path: '/docs/concepts/apps', heading: 'Apps'},
  {path: '/docs/concepts/environments', heading: 'Environments'},
  {path: '/docs/concepts/runs', heading: 'Runs'},
  {path: '/docs/concepts/tables', heading: 'Tables'},
  {path: '/docs/concepts/models', heading: 'Models'},
  {path: '/docs/concepts/teams', heading: 'Teams'},
  {path: '/docs/architecture/how-tower-works', heading: 'How Tower works'},
  {path: '/docs/architecture/data-plane', heading: 'Data Plane'},
  {path: '/docs/architecture/networking', heading: 'Networking'},
  {path: '/docs/architecture/security', heading: 'Security'},
  {path: '/docs/using-tower/develop', heading: 'Develop apps'},
  {path: '/docs/using-tower/test', heading: 'Test apps'},
  {path: '/docs/using-tower/orchestrate', heading: 'Orchestrate apps'},
  {path: '/docs/using-tower/observe', heading: 'Observe and improve'},
  {path: '/docs/using-tower/working-in-teams', heading: 'Working in teams'},
  {path: '/docs/using-tower/working-with-tables', heading: 'Working with Tables'},
  {path: '/docs/using-tower/working-with-models', heading: 'Working with Models'},
  {path: '/docs/using-tower/mcp-walkthrough', heading: 'MCP walkthrough'},
  {path: '/docs/using-tower/advanced', heading: 'Advanced use cases'},
  {path: '/docs/examples/intro', heading: 'Example Apps'},
  {path: '/docs/examples/using-dlthub', heading: 'Using dltHub'},
  {path: '/docs/examples/tables', heading: 'Working with Tables'},
  {path: '/docs/examples/models', heading: 'Working with Models'},
  {path: '/docs/examples/orchestration', heading: 'Orchestration'},
  {path: '/docs/examples/agents', heading: 'Deploying Agentic Flows'},
  {path: '/docs/reference/tower-cli', heading: 'Tower CLI'},
  {path: '/docs/reference/tower-sdk', heading: 'Tower SDK'},
  {path: '/docs/reference/towerfile', heading: 'Towerfile'},
  {path: '/docs/category/getting-started', heading: 'Getting Started'},
  {path: '/docs/category/concepts', heading: 'Concepts'},
  {path: '/docs/category/tower-architecture', heading: 'Tower Architecture'},
  {path: '/docs/category/using-tower', heading: 'Using Tower'},
  {path: '/docs/category/reference', heading: 'Reference'},
  {path: '/docs/category/examples', heading: 'Examples'},
];

export const ALL_ROUTES: Route[] = [...DOC_ROUTES];

export function headingOf(path: string): string {
  const route = ALL_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`${path} is not in the route table`);
  return route.heading;
}
