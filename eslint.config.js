import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One-way imports (STYLE.md): web lib/components -> features -> app, features never import each
// other; server routes -> services -> repositories; the contract imports nothing of ours.
const webFeatures = [
  'auth',
  'landing',
  'legal',
  'notifications',
  'dashboard',
  'feed',
  'alumni',
  'profile',
  'jobs',
  'chat',
  'admin',
  'quiz',
  'groups',
  'feedback',
  'gallery',
  'invite',
  'events',
  'settings',
  'mentoring',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/{lib,components,config}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'shared code must not import features or app',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'features must not import the app layer' },
            {
              group: webFeatures.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message: 'features never import each other; move shared code to lib/ or components/',
            },
          ],
        },
      ],
    },
  })),
  {
    files: [
      'apps/server/src/modules/**/repository.ts',
      'apps/server/src/modules/**/*-repository.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./routes', './service', '**/routes', '**/service'],
              message: 'repositories sit below services and routes',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/service.ts', 'apps/server/src/modules/**/*-service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./routes', '**/routes'], message: 'services must not import routes' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@alumnet/*', '**/apps/**'],
              message: 'the contract depends on nothing of ours',
            },
          ],
        },
      ],
    },
  },
);
