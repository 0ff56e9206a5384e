// ESLint: the recommended and type-checked rules of typescript-eslint over src, scripts, bench, test and packages/client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '**/node_modules/**',
      'target/**',
      'packages/*/dist/**',
      'packages/webhook-verify/**',
      'packages/client-python/.venv*/**',
      'crates/**',
      'test-output/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Unused names are tsc's job (noUnusedLocals/Parameters); a leading underscore marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': 'off',
      // A `let` a closure reads before its one assignment (wiring that refers forward) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Implementations of an async port (a store, a mailer, a fake in a test) may have nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests, benches and the client's type generator read JSON as it comes (any): these rules would only add casts.
    files: ['test/**', 'bench/**', 'packages/*/test/**', 'packages/*/scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
