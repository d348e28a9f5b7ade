/** The Towerfile schema compiled at build time (plugins/towerfile-validator). */
declare module '@tower/towerfile-validator' {
  import type {TowerfileValidate} from '@site/src/towerfile/check';
  const validate: TowerfileValidate;
  export default validate;
}
