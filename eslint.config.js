import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'bench/.out/', 'browser-tests/.out/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'before', 'after'] },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use the typed hooks from src/app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the browser bundle reads stays browser code (config/ is data the browser reads):
    // Node's modules belong in server/, facility/, the build and the tests.
    files: ['src/**/*.{ts,tsx}', 'config/**/*.ts'],
    ignores: ['**/__tests__/**', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^node:/], ImportExpression[source.value=/^node:/]',
          message: 'Browser code: no node:* imports (Node code lives in server/ and facility/).',
        },
      ],
    },
  },
  {
    // config/ is data: it imports nothing, so src/ may read it and never the other way round.
    files: ['config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../src/*', '*/src/*'], message: 'config/ is data: no imports.' }] },
      ],
    },
  },
  {
    // Below services and models: the document's types import nothing of the app.
    files: ['src/domain/**/*.ts', 'src/services/**/*.ts'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/models', '**/models/*', '**/pages/*', '**/router/*', '**/components/*'],
              message: 'services/ and domain/ sit below models, pages, the router and components.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/app.ts', 'src/runtime/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
