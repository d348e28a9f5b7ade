'use strict';
// The bundler loads loaders with require(), which cannot read TypeScript.
// jiti, which Docusaurus also uses to load this site's TypeScript config and
// plugins, compiles loader.ts on the fly.
const jiti = require('jiti')(__filename, {interopDefault: true});

module.exports = jiti('./loader.ts');
