/**
 * The Algolia settings given at build time, read in one place for the site
 * configuration and for the nginx configuration (whose CSP must allow
 * Algolia's hosts exactly when the site uses them).
 */
export type AlgoliaSettings = {appId: string; apiKey: string; indexName: string; assistantId: string | null};

/** The settings when all three required variables are set, otherwise null (local search). */
export function algoliaFromEnv(env: NodeJS.ProcessEnv = process.env): AlgoliaSettings | null {
  const {ALGOLIA_APP_ID: appId, ALGOLIA_API_KEY: apiKey, ALGOLIA_INDEX_NAME: indexName} = env;
  if (!appId || !apiKey || !indexName) return null;
  return {appId, apiKey, indexName, assistantId: env.ALGOLIA_ASSISTANT_ID || null};
}
