import { readFileSync } from 'node:fs';
import { load as parseYaml } from 'js-yaml';
import type { Plugin } from 'vite';
import { helpFrontMatterSchema } from '../../../../../../packages/core/src/ai/help-corpus';

const FRONT_MATTER_QUERY = 'help-names';

/**
 * Build-time (Vite and Vitest): `help/<slug>/en.md?help-names` is the article's English title and keywords only,
 * what the other languages' indexes also match on, so a Japanese visitor never downloads the English bodies.
 */
export function helpNames(): Plugin {
  return {
    name: 'yumi-help-names',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== FRONT_MATTER_QUERY || !file) return undefined;
      const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
      // The same schema the server parses the file with (keywords as strings, defaults applied).
      const { title, keywords } = helpFrontMatterSchema.parse(parseYaml(match?.[1] ?? ''));
      return `export default ${JSON.stringify({ title, keywords })};`;
    },
  };
}
