// Copies the official CSL styles and locales into packages/core/src/report/csl/official as string modules
// (the web worker, the PDF worker and the tests import them without a loader for .csl/.xml files).
// Usage: node scripts/import-csl.mjs <checkout of citation-style-language/styles> <checkout of citation-style-language/locales>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [styles, locales] = process.argv.slice(2);
if (!styles || !locales) throw new Error('usage: node scripts/import-csl.mjs <styles dir> <locales dir>');
const out = new URL('../packages/core/src/report/csl/official/', import.meta.url);
const files = {
  apa: join(styles, 'apa.csl'),
  mla: join(styles, 'modern-language-association.csl'),
  ieee: join(styles, 'ieee.csl'),
  'chicago-author-date': join(styles, 'chicago-author-date.csl'),
  'chicago-notes-bibliography': join(styles, 'chicago-notes-bibliography.csl'),
  'locale-en-US': join(locales, 'locales-en-US.xml'),
  'locale-ja-JP': join(locales, 'locales-ja-JP.xml'),
  'locale-zh-CN': join(locales, 'locales-zh-CN.xml'),
  'locale-ko-KR': join(locales, 'locales-ko-KR.xml'),
};
for (const [name, file] of Object.entries(files)) {
  const xml = readFileSync(file, 'utf8');
  writeFileSync(new URL(`${name}.ts`, out), `// ${file.split('/').pop()} from the Citation Style Language project, unchanged (CC BY-SA 3.0, see LICENSE.md).\nexport default ${JSON.stringify(xml)};\n`);
}
