import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { SERVER_MODULE_DEPENDENCIES, serverModulesPlugin } from './eslint/server-modules.js';

/**
 * Every user-visible string goes through i18next: JSX text and the visible/accessible text attributes
 * of apps/web/src must not contain literal words (symbols, digits and punctuation are fine).
 */
const LETTERS = /\p{L}/u;
const TEXT_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'label', 'aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext']);
const noLiteralJsxText = {
  meta: { type: 'problem', messages: { literal: 'User-visible text "{{text}}" must come from i18next (t(...)).' }, schema: [] },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    const isVisibleString = (node) => node && node.type === 'Literal' && typeof node.value === 'string' && LETTERS.test(node.value);
    return {
      JSXText(node) {
        if (LETTERS.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXAttribute' && isVisibleString(node.expression)) report(node, node.expression.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!TEXT_ATTRIBUTES.has(name) || !node.value) return;
        if (isVisibleString(node.value)) report(node, node.value.value);
        else if (node.value.type === 'JSXExpressionContainer' && isVisibleString(node.value.expression)) report(node, node.value.expression.value);
      },
    };
  },
};
const i18nPlugin = { rules: { 'no-literal-jsx-text': noLiteralJsxText } };

/**
 * Module boundaries (docs/architecture.md, "Boundaries"): a web feature imports another feature never (only
 * `shared/` and the app shell compose them); a server module imports another module only through its
 * `index.ts`. `test/boundaries.test.ts` lints fixtures that cross, so a rule that stops biting fails CI.
 */
export const boundariesConfig = {
  files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    'boundaries/elements': [
      { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
      { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
      // Everything else of the server (app.ts, lib/, db/, plugins/, providers/, workers/): an element, so its imports are checked too.
      { type: 'server-app', pattern: 'apps/server/src' },
    ],
  },
  rules: {
    // A lazy glob is an import the boundaries plugin cannot see: a feature globs only inside its own folder.
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.object.type='MetaProperty'][callee.property.name='glob'] > Literal[value=/^\\.\\.\\/[^.]/]",
        message: 'import.meta.glob into another feature: let the app shell hand the component over (see app/routes.tsx).',
      },
    ],
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
            message: 'A web feature imports another feature only through shared/ or the app shell (move what both need into apps/web/src/shared/).',
          },
          // Server modules depend on each other only along SERVER_MODULE_DEPENDENCIES (eslint/server-modules.js),
          // a map that must stay free of cycles: every module-to-module import is refused, then the map's
          // edges are allowed again (the last matching policy decides).
          {
            from: { element: { type: 'server-module' } },
            disallow: { to: { element: { type: 'server-module' } } },
            message:
              'The {{ from.element.captured.module }} module may not import {{ to.element.captured.module }}: its allowed dependencies are listed in eslint/server-modules.js (SERVER_MODULE_DEPENDENCIES), which must stay free of cycles. Move the shared piece to the module that owns it, or hand it in.',
          },
          ...Object.entries(SERVER_MODULE_DEPENDENCIES)
            .filter(([, deps]) => deps.length > 0)
            .map(([module, deps]) => ({
              from: { element: { type: 'server-module', captured: { module } } },
              allow: { to: { element: { type: 'server-module', captured: { module: deps } } } },
            })),
          {
            disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
            message: "Another server module is reached only through its index.ts (import from '../{{ to.element.captured.module }}'; export what it needs there).",
          },
          {
            // The worker threads' task table loads each task's module file alone, not the module's routes and database code.
            from: { file: { path: '**/apps/server/src/workers/tasks.ts' } },
            allow: { to: { element: { type: 'server-module' } } },
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tsbuild/**', 'data/**', 'test-results/**', 'apps/web/public/**', 'scratch*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  boundariesConfig,
  {
    // A table is queried by its owner only (TABLE_OWNERS in eslint/server-modules.js); db/ is the database layer itself.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/db/**'],
    plugins: { 'server-modules': serverModulesPlugin },
    rules: { 'server-modules/own-tables': 'error' },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18n: i18nPlugin },
    rules: { 'i18n/no-literal-jsx-text': 'error' },
  },
);
