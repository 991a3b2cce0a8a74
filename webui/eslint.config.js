// ESLint (flat config): JavaScript and React rules, and the import boundaries of the source tree
// (bulletproof-react's): a feature imports no other feature and not the app; shared code
// (components, lib, config, locales) imports neither features nor the app. Features meet only
// in src/app, where routes compose them.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';

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
  importPlugin.flatConfigs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    settings: { 'import/resolver': { node: { extensions: ['.js', '.jsx', '.mjs'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones }],
      // vite and its React plugin publish only an exports map, which the node resolver does not read.
      'import/no-unresolved': ['error', { ignore: ['^vite$', '^@vitejs/plugin-react$'] }],
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
      'import/first': 'error',
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // The browser app.
  {
    files: ['src/**/*.{js,jsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: '19.2' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      'react/prop-types': 'off', // plain JavaScript: props are documented in comments, not typed
      'react/no-unknown-property': 'error',
      // Links that open a new tab lead to the site's own pages (the membership agreement), so the referrer may go along.
      'react/jsx-no-target-blank': ['error', { allowReferrer: true }],
      'react/jsx-no-useless-fragment': ['error', { allowExpressions: true }],
      'react/self-closing-comp': 'error',
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
