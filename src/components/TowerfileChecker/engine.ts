/**
 * The checker's heavy half, loaded only once the checker is on screen: the TOML parser, the
 * Towerfile schema compiled at build time (plugins/towerfile-validator, no validator compiler) and
 * the checking rules shared with the build's sample checker.
 */
import validate from '@tower/towerfile-validator';
import schema from '@site/data/towerfile.schema.json';
import {checkTowerfile, type TowerfileCheck} from '@site/src/towerfile/check';
import type {JsonSchema} from '@site/src/towerfile/schema';

export function check(text: string): TowerfileCheck {
  return checkTowerfile(text, {validate, schema: schema as JsonSchema});
}

export {NEVER_PACKAGED} from '@site/src/towerfile/packaging';
