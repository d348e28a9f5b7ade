import assert from 'node:assert/strict';
import {test} from 'node:test';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import {validateOptions} from './index';

const validate = (options: object) => validateOptions({options: options as never, validate: normalizePluginOptions as never});

test('options: defaults fill what the config leaves out, and a wrong or unknown option stops the build naming it', () => {
  const settings = validate({productName: 'Tower'});
  assert.equal(settings.productName, 'Tower');
  assert.equal(settings.sdkManifestFile, 'data/sdk-manifest.json');
  assert.ok(settings.summary.length > 0);
  assert.throws(() => validate({sectionOrder: 'API'}), /"sectionOrder" must be an array/);
  assert.throws(() => validate({sumary: 'typo'}), /"sumary" is not allowed/);
});
