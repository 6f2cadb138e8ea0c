// ESLint flat config: type-checked TypeScript rules, React hooks, import boundaries
// (docs/conventions.md#layers-and-dependency-rules) and kebab-case files.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of apps/web/src/features: a new feature is walled off from the others without editing this file. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layers = 'docs/conventions.md#layers-and-dependency-rules';
/** Server files that may build repositories or hold a database handle: the composition root and the database layer. */
// Composition roots: the server (app.ts, main.ts) and the command-line tool (cli/), which wire repositories into services.
const serverWiring = [
  'apps/server/src/app.ts',
  'apps/server/src/api-routes.ts',
  'apps/server/src/wiring/**',
  'apps/server/src/main.ts',
  'apps/server/src/db/**',
  'apps/server/src/cli/**',
];
const noDrizzle = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/**'],
  message: `Only repositories and db/ use Drizzle (${layers}).`,
};
const noDbClient = {
  group: ['**/db/client.js', '**/db/client'],
  message: `No database handle outside app.ts, db/ and repositories: take repositories or a unit of work (${layers}).`,
};
const noOtherRepository = {
  group: ['../*/**/*.repository.js', '../*/**/*.repository', '**/modules/*/**/*.repository.js'],
  message: `Call the other module's service, never its repository (${layers}).`,
};
/** The files in a module's own folders (modules/challenges/catalogue/…): a sibling folder is the same module, `../..` another. */
const inModuleFolder = 'apps/server/src/modules/*/*/**/*.ts';
const noOtherModuleRepository = {
  group: ['../../*/**/*.repository.js', '../../*/**/*.repository'],
  message: noOtherRepository.message,
};
const noRepository = {
  group: ['**/*.repository.js', '**/*.repository'],
  message: `Routes call a service, never a repository (${layers}).`,
};
const noFastify = {
  group: ['fastify', '**/*.routes.js'],
  message: `Services hold rules: no Fastify, no routes (${layers}).`,
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs, one per ESLint process of `npm run lint`: the web app's (below) and tsconfig.eslint.json for the
        // rest (e2e and bench import server code: one program works out the server's and drizzle's types once).
        project: ['./tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      'import/ignore': ['node_modules'],
      // A resolved import stays known for the whole run (the default forgets it after 30 s, and a cold run is longer).
      'import/cache': { lifetime: Infinity },
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', ['sibling', 'index']],
          pathGroups: [
            { pattern: '@drapeau/**', group: 'internal' },
            { pattern: '@/**', group: 'internal', position: 'after' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'always',
        },
      ],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,scripts,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Server boundaries (docs/conventions.md#layers-and-dependency-rules): only app.ts wires; routes call services; services
  // receive repositories (or a unit of work) and never a database handle; only repositories and db/ use Drizzle.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/modules/auth/better-auth.ts',
      'apps/server/src/**/*.test.ts',
      ...serverWiring,
      inModuleFolder,
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, noDbClient, noOtherRepository] }] },
  },
  {
    files: [inModuleFolder],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, noDbClient, noOtherModuleRepository] }] },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    ignores: [inModuleFolder],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, noDbClient, noOtherRepository, noFastify] }] },
  },
  {
    files: ['apps/server/src/modules/*/*/**/*.service.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, noDbClient, noOtherModuleRepository, noFastify] }] },
  },
  // A repository reads its own module's tables; what it shares with others' lives in db/ (db/rows-of.ts).
  {
    files: ['apps/server/src/**/*.repository.ts'],
    ignores: [inModuleFolder],
    rules: { 'no-restricted-imports': ['error', { patterns: [noOtherRepository] }] },
  },
  {
    files: ['apps/server/src/modules/*/*/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noOtherModuleRepository] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.admin-routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, noDbClient, noRepository] }] },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|vitest$|\\.)',
              message: 'packages/shared imports only zod (docs/conventions.md#layers-and-dependency-rules).',
            },
          ],
        },
      ],
    },
  },
  // Web: flow runs app → features → components|lib; features never import each other.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser }, parserOptions: { project: ['./apps/web/tsconfig.json'] } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features must not import each other: compose them in app/routes.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import from app/.' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared parts must not import features or app.',
            },
            { target: './apps/web/src', from: './apps/server', message: 'The web app never imports server code.' },
          ],
        },
      ],
    },
  },
  // Dates and numbers are written through lib/format-date-time.ts and lib/format-number.ts, which build each Intl
  // formatter once (a new one per date cost the leaderboard most of its load: docs/performance.md "Lighthouse").
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format-date-time.ts', 'apps/web/src/lib/format-number.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Use dateTimeFormat or formatDate of lib/format-date-time.ts (one formatter per language and options).',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: 'Use numberFormat or formatNumber of lib/format-number.ts (one formatter per language and options).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Use formatDate of lib/format-date-time.ts or formatNumber of lib/format-number.ts.',
        },
      ],
    },
  },
);
