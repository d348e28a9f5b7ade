/**
 * The check itself, as the page runs it: the Towerfile schema compiled at build time
 * (plugins/towerfile-validator, no validator compiler in the browser) and the rules shared with the
 * build's sample checker and the docs MCP server. Used by the page's engine (./engine) for small
 * files and by the checker's worker (./check.worker) for large ones.
 */
import validate from '@tower/towerfile-validator';
import schema from '@site/data/towerfile.schema.json';
import {checkTowerfile, type TowerfileCheck} from '@site/src/towerfile/check';
import type {JsonSchema} from '@site/src/towerfile/schema';

export function check(text: string): TowerfileCheck {
  return checkTowerfile(text, {validate, schema: schema as JsonSchema});
}
