import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // String.replace reads `$'`, `$&`, `$1` in a replacement string as patterns: anything but a
      // fixed string is put in by a function (docs/security.md#text-from-providers).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type='Literal']):not([arguments.1.type=/FunctionExpression$/]):not(:matches([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0]))",
          message:
            'Give replace()/replaceAll() a function for text that is not fixed: `$` in a replacement string is a pattern (docs/security.md).',
        },
      ],
    },
  },
  {
    // The domain is pure: no Node, no DOM, no server or client code (STYLE.md).
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', '**/server/**', '**/client/**'], message: 'src/domain stays pure.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client never imports the server; share through src/domain.' },
          ],
        },
      ],
    },
  },
  {
    // Every text a person sees comes from the translations (STYLE.md 9).
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
);
