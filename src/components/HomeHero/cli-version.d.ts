/** The tower-cli version the docs are checked against (plugins/checked-version/module.ts). */
declare module '@tower/cli-version' {
  const version: string;
  export default version;
}
