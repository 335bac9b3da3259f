// ESLint: TypeScript rules plus the import boundaries of docs/architecture.md
// (engine imports nothing from the app; features don't import each other; amplify only in the auth adapter;
// the engine's inner layers and the simulator's entry).
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

/**
 * One import convention across the repo: relative imports name the module without its extension ('./rows', not
 * './rows.ts'); TypeScript and tsx resolve it. As no-restricted-syntax selectors (they cover export-from and
 * import() too), repeated in every block that sets no-restricted-syntax, since a later block replaces the rule.
 */
const TS_SUFFIX = '/^\\.{1,2}\\/.*\\.(ts|tsx|mts)$/';
const noTsExtension = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']
  .map((node) => ({
    selector: `${node}[source.value=${TS_SUFFIX}]`,
    message: "Import without the file extension ('./rows', not './rows.ts'): the repo's one import convention.",
  }))
  .concat({
    // A dynamic import of the engine's index makes the bundler keep all of the engine in one chunk (the namespace
    // object needs every export), and every page that statically imports any engine helper then loads all of it.
    selector: 'ImportExpression[source.value=/(^|\\/)engine\\/index$/]',
    message:
      "Don't import() the engine's index: import() a small module of yours that imports the names you need from it.",
  });

/** The engine is pure: nothing from the app, the server, the DOM helpers or vendors with I/O. */
const enginePurity = [
  {
    group: ['**/src/**', '**/server/**', '../../src/*', '../../server/*'],
    message: 'The engine imports nothing from the app or server.',
  },
  {
    group: [
      'react',
      'react-dom',
      'dexie',
      'dexie-react-hooks',
      'aws-amplify',
      'comlink',
      'echarts',
      'hono',
      'node:*',
      'fs',
      'path',
    ],
    message: 'The engine is pure: no DOM, I/O or vendor runtime.',
  },
];

/**
 * The engine's inner layers (docs/architecture.md, "Inside the engine"), lowest first: a module (a folder or a
 * top-level file of worker/engine) imports only modules of lower layers and itself. Cycles are caught by
 * `npm run cycles`.
 */
const ENGINE_LAYERS = [
  ['model/'],
  ['money', 'primitives', 'primary-cash'],
  ['calendar'],
  ['au/'],
  ['statements/'],
  ['prompt/'],
  ['templates/'],
  ['baseline-assistant/', 'smart-create/'],
  ['simulate/'],
  ['compare', 'explain/', 'dashboard', 'actuals/'],
  ['compare-view', 'uncertainty/'],
  ['index'],
];

/** An import of engine module `m` (folder 'x/' or top-level file 'x') from a top-level file or from a folder. */
function engineModuleRegex(m, fromTopLevel) {
  const up = fromTopLevel ? '\\./' : '(\\.\\./)+';
  return m.endsWith('/') ? `^${up}${m.slice(0, -1)}/` : `^${up}${m}(\\.ts)?$`;
}

/** One ESLint block per engine module: the purity rules plus every module it may not reach. */
const engineLayers = ENGINE_LAYERS.flatMap((layer, rank) =>
  layer.map((m) => {
    const allowed = new Set(ENGINE_LAYERS.slice(0, rank).flat());
    allowed.add(m);
    const topLevel = !m.endsWith('/');
    const patterns = ENGINE_LAYERS.flat()
      .filter((x) => !allowed.has(x))
      .map((x) => ({
        regex: engineModuleRegex(x, topLevel),
        message: `Engine layers: ${m} may not import ${x} (docs/architecture.md, Inside the engine).`,
      }));
    if (m !== 'simulate/' && allowed.has('simulate/')) {
      patterns.push({
        regex: `${engineModuleRegex('simulate/', topLevel)}(?!index$)`,
        message: 'Import the simulator through its entry simulate/index.ts (export what you need there).',
      });
    }
    return {
      files: [`worker/engine/${topLevel ? `${m}.ts` : `${m}**/*.ts`}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [...enginePurity, ...patterns] }] },
    };
  }),
);

/**
 * The app reaches the engine only through its public entry, worker/engine/index.ts: a deep import such as
 * '../../worker/engine/templates/parameters' (from src/, server/, scripts/, worker/cli/) or './engine/calendar'
 * (from worker/*.ts) ties the app to the engine's internal layout. Uses typescript-eslint's copy of
 * no-restricted-imports, a separate rule name, so it adds to (not replaces) the no-restricted-imports blocks below.
 */
const engineOnlyThroughIndex = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts', 'worker/cli/**/*.ts', 'worker/*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\.?/)+(worker/)?engine/(?!index(\\.ts)?$)',
            message: 'Import the engine through its public entry worker/engine/index.ts (export what you need there).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.local/',
      '.cognito/',
      'coverage/',
      'dev-dist/',
      'test-results/',
      'infra/cdk.out/',
    ],
  },
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
    // TypeScript sources only: a plain .mjs helper that loads a .ts file through tsx names it in full.
    files: ['**/*.{ts,tsx,mts}'],
    rules: { 'no-restricted-syntax': ['error', ...noTsExtension] },
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
    // Features never import another feature; shared pieces live in components/data/lib. A file at the top of a
    // feature folder may not reach a sibling folder (another feature).
    files: ['src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            amplifyOnlyInAdapter,
            echartsOnlyInAdapter,
            {
              group: ['../*/**', '!../../**', '../../features/**', '**/features/**'],
              message: 'Features do not import each other.',
            },
            { group: ['**/routes/**'], message: 'Imports flow routes -> features, never back.' },
          ],
        },
      ],
    },
  },
  {
    // Sub-folders of one feature (e.g. scenarios/list, scenarios/detail) may import each other ('../x/...'),
    // but not another feature ('../../x/...').
    files: ['src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            amplifyOnlyInAdapter,
            echartsOnlyInAdapter,
            { group: ['../../*/**', '!../../../**', '**/features/**'], message: 'Features do not import each other.' },
            { group: ['**/routes/**'], message: 'Imports flow routes -> features, never back.' },
          ],
        },
      ],
    },
  },
  {
    // The engine is pure: nothing from the app, the server, the DOM helpers or vendors with I/O.
    files: ['worker/engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: enginePurity }] },
  },
  ...engineLayers,
  {
    // One look for every control (docs/app.md, Shared controls): features use src/components/form's Button, Input,
    // Select, TextArea, Checkbox, RadioGroup, SegmentedSwitch, DateInput, MoneyInput, never a raw form element.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noTsExtension,
        {
          selector: 'JSXOpeningElement[name.name=/^(input|select|textarea|button)$/]',
          message:
            'Use the shared controls from src/components/form (Button, Input, Select, TextArea, ...) in features.',
        },
      ],
    },
  },
  engineOnlyThroughIndex,
  {
    // The server runs without the browser app: it shares code with it only through the engine.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              message: 'The server imports nothing from the app (src/); share code through the engine.',
            },
          ],
        },
      ],
    },
  },
);
