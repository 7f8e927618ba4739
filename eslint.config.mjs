// Type-aware linting: typescript-eslint's recommended rules with type information, over the server, the
// studio, the tests and the benchmark. Formatting is Prettier's (eslint-config-prettier turns off what it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { pictorPlugin } from './tools/eslint-rules/no-stored-rejectable-promise.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-artifacts/**', 'src/client/openapi-types.ts', 'test/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    plugins: { pictor: pictorPlugin },
    rules: {
      // One rejection nobody listens to ends the process (Node's default): every promise is awaited, returned,
      // or `void`ed with a reason; promise-returning functions never go where a void callback is expected;
      // and what is kept for later in a collection cannot reject.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true, ignoreIIFE: false }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: true, checksConditionals: true, checksSpreads: true }],
      'pictor/no-stored-rejectable-promise': 'error',
      // The code base names deliberately unused bindings with a leading underscore (a property left out of a rest
      // spread, an `infer` it only matches, a loop that only counts).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  { files: ['studio/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // Plain JavaScript (bench helpers, this file) has no type information to lint with.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], rules: { 'pictor/no-stored-rejectable-promise': 'off' } },
  // package.json has no "type": "module", so .js files are CommonJS: the bench's plain Node scripts load with require().
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read JSON answers whose shape their assertions check (and test/support/test-app.ts validates every
    // answer against the OpenAPI document), so the response body is deliberately untyped there.
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
