/** The Towerfile schema compiled at build time (plugins/towerfile-validator). */
declare module '@tower/towerfile-validator' {
  const validate: import('@site/src/towerfile/check').TowerfileValidate;
  export default validate;
}
