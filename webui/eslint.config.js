// ESLint (flat config): JavaScript and React rules, and the import boundaries of the source tree
// (bulletproof-react's): a feature imports no other feature and not the app; shared code
// (components, lib, config, locales) imports neither features nor the app. Features meet only
// in src/app, where routes compose them.
//
// On ESLint 10 eslint-plugin-import and eslint-plugin-react do not run (they call context methods
// ESLint 10 removed), so the same checks come from their maintained successors:
// eslint-plugin-import-x, @eslint-react and ESLint Stylistic, rule by rule below. ESLint 10 itself
// counts a JSX tag as a use of its variable, which react/jsx-uses-vars and jsx-no-undef did.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, flatConfigs as importX } from 'eslint-plugin-import-x';
import eslintReact from '@eslint-react/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import stylistic from '@stylistic/eslint-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));

// One zone per folder of src/features, read from the tree so a new feature is covered at once.
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SHARED = ['./src/components', './src/lib', './src/config', './src/locales'];

const zones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: `A feature imports no other feature: compose features/${name} with others in src/app, or move what they share to src/components or src/lib.`,
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app; the app passes what they need in (props, providers).',
  },
  {
    target: SHARED,
    from: ['./src/features', './src/app'],
    message: 'Shared code imports neither features nor the app.',
  },
];

export default [
  { ignores: ['dist/', 'build/', 'node_modules/'] },
  js.configs.recommended,
  importX.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.js', '.jsx', '.mjs'] })],
      'import-x/extensions': ['.js', '.jsx', '.mjs'], // named imports from components are checked too
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/first': 'error',
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // The browser app.
  {
    files: ['src/**/*.{js,jsx}'],
    plugins: { '@eslint-react': eslintReact, 'react-hooks': reactHooks, '@stylistic': stylistic },
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { 'react-x': { version: '19.3' } },
    rules: {
      // What eslint-plugin-react's recommended set and our additions checked, under @eslint-react's
      // names (props are documented in comments, not typed: plain JavaScript has no prop-types).
      '@eslint-react/no-missing-key': 'error', // react/jsx-key
      '@eslint-react/jsx-no-key-after-spread': 'error', // react/jsx-key
      '@eslint-react/no-missing-component-display-name': 'error', // react/display-name
      '@eslint-react/jsx-no-comment-textnodes': 'error',
      '@eslint-react/jsx-no-children-prop': 'error', // react/no-children-prop
      '@eslint-react/dom-no-dangerously-set-innerhtml-with-children': 'error', // react/no-danger-with-children
      '@eslint-react/no-direct-mutation-state': 'error',
      '@eslint-react/dom-no-find-dom-node': 'error',
      '@eslint-react/dom-no-render-return-value': 'error',
      '@eslint-react/dom-no-render': 'error', // react/no-deprecated
      '@eslint-react/dom-no-hydrate': 'error', // react/no-deprecated
      '@eslint-react/no-component-will-mount': 'error', // react/no-unsafe, react/no-deprecated
      '@eslint-react/no-component-will-receive-props': 'error',
      '@eslint-react/no-component-will-update': 'error',
      '@eslint-react/dom-no-unknown-property': 'error',
      // A link that opens a new tab to another site must not send the referrer; the site's own
      // pages (the membership agreement) may get it (react/jsx-no-target-blank, allowReferrer).
      '@eslint-react/dom-no-unsafe-target-blank': 'error',
      '@eslint-react/jsx-no-useless-fragment': ['error', { allowExpressions: true }],
      '@eslint-react/dom-no-void-elements-with-children': 'error',
      '@stylistic/jsx-self-closing-comp': 'error', // react/self-closing-comp, now kept by ESLint Stylistic
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Unit tests run in Node (renderToString for components).
  {
    files: ['src/**/*.test.{js,jsx}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Build scripts, the Vite config and the browser tests run in Node; the browser tests'
  // page.evaluate callbacks run in the page.
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
];
