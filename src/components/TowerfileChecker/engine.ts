/**
 * The checker's heavy half, loaded once the checker has mounted: the TOML parser, the Towerfile
 * schema compiled at build time (plugins/towerfile-validator, no validator compiler), the checking
 * rules shared with the build's sample checker, and the rendering of the results.
 */
import validate from '@tower/towerfile-validator';
import schema from '@site/data/towerfile.schema.json';
import {checkTowerfile, type TowerfileCheck} from '@site/src/towerfile/check';
import type {JsonSchema} from '@site/src/towerfile/schema';

export function check(text: string): TowerfileCheck {
  return checkTowerfile(text, {validate, schema: schema as JsonSchema});
}

export {default as Results} from './Results';
