// ESLint: the recommended and type-checked rules of typescript-eslint over src, scripts, bench and test.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'target/**', 'packages/**', 'crates/**', 'test-output/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Unused names are tsc's job (noUnusedLocals/Parameters); a leading underscore marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Tests and benches read JSON answers as they come (any): the unsafe-any rules would only add casts.
    files: ['test/**', 'bench/**'],
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
