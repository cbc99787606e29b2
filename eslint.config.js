import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'artefacts/**', '**/migrations/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Request text is parsed by zod schemas made from the shared `stringValue()`, which refuses NUL
    // characters (PostgreSQL text cannot hold one) in strings a parameter's JSON only yields once parsed.
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/modules/**/*.ts', 'apps/server/src/plugins/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Build contract strings with stringValue() from @orbit/shared/validation (it refuses NUL characters).',
        },
      ],
    },
  },
  {
    // Command-line tools: their output is what they are for.
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
