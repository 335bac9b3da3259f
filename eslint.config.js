// ESLint: TypeScript rules plus the import boundaries of DEVELOPERS.md
// (engine imports nothing from the app; features don't import each other; amplify only in the auth adapter).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const amplifyOnlyInAdapter = {
  group: ['aws-amplify', 'aws-amplify/*', '@aws-amplify/*'],
  message: 'aws-amplify is used only in src/lib/auth/amplify-adapter.ts.',
};
const echartsOnlyInAdapter = {
  group: ['echarts', 'echarts/*', 'echarts-for-react', 'echarts-for-react/*'],
  message: 'echarts is used only through src/components/charts/echarts-adapter.tsx.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.local/', '.cognito/', 'coverage/', 'dev-dist/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [amplifyOnlyInAdapter, echartsOnlyInAdapter] }],
    },
  },
  {
    files: ['src/lib/auth/amplify-adapter.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [echartsOnlyInAdapter] }] },
  },
  {
    files: ['src/components/charts/echarts-adapter.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [amplifyOnlyInAdapter] }] },
  },
  {
    // Features never import another feature; shared pieces live in components/data/lib.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [amplifyOnlyInAdapter, echartsOnlyInAdapter,
          { group: ['../*/**', '!../../**', '../../features/**', '**/features/**'], message: 'Features do not import each other.' },
          { group: ['**/routes/**'], message: 'Imports flow routes -> features, never back.' }],
      }],
    },
  },
  {
    // The engine is pure: nothing from the app, the server, the DOM helpers or vendors with I/O.
    files: ['worker/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/src/**', '**/server/**', '../../src/*', '../../server/*'], message: 'The engine imports nothing from the app or server.' },
          { group: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', 'aws-amplify', 'comlink', 'echarts', 'hono', 'node:*', 'fs', 'path'], message: 'The engine is pure: no DOM, I/O or vendor runtime.' },
        ],
      }],
    },
  },
);
