// Type-aware linting: typescript-eslint's recommended rules with type information, over the server, the
// studio, the tests and the benchmark. Formatting is Prettier's (eslint-config-prettier turns off what it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-artifacts/**', 'src/client/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ['studio/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // Plain JavaScript (bench helpers, this file) has no type information to lint with.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
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
