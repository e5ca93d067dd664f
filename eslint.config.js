import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The web app's import boundaries (bulletproof-react's restricted paths, with ESLint's own rule):
 * - a feature (app/features/<name>) never imports another feature; routes compose features, and code
 *   two features need goes to components/ or lib/, and a shared feature (account) is placed by routes;
 * - components/, lib/ and test/ never import features (shared code depends on nothing above it);
 * - anything outside a file's own feature or top-level folder is imported as `~/...`, never `../../..`.
 * The relative rule is written per folder depth: a file `depth` folders below its feature (or top-level
 * folder) may climb at most `depth` levels.
 */
const WEB_APP = 'apps/web/app';
const FEATURES = readdirSync(`${WEB_APP}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_FOLDERS = ['components', 'lib', 'routes', 'test'];
const MAX_DEPTH = 6;
const FEATURE_MESSAGE =
  "Features never import each other: routes compose them (a shared feature such as account is placed by each area's route); shared code goes to ~/components or ~/lib.";
const LAYER_MESSAGE = 'components/, lib/ and test/ are shared code: they never import a feature.';
const RELATIVE_MESSAGE = 'Outside this folder, import with ~/ (~/lib/..., ~/components/...), not ../../..';

function importBoundaries() {
  const configs = [];
  const atDepth = (root, depth, extraPatterns) => ({
    files: [`${WEB_APP}/${root}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...extraPatterns, { regex: `^(\\.\\./){${depth + 1},}`, message: RELATIVE_MESSAGE }],
        },
      ],
    },
  });
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    for (const feature of FEATURES) {
      configs.push(
        atDepth(`features/${feature}`, depth, [
          {
            group: ['~/features/*', `!~/features/${feature}`, `!~/features/${feature}/**`],
            message: FEATURE_MESSAGE,
          },
        ]),
      );
    }
    for (const folder of SHARED_FOLDERS) {
      configs.push(
        atDepth(
          folder,
          depth,
          folder === 'routes' ? [] : [{ group: ['~/features/**'], message: LAYER_MESSAGE }],
        ),
      );
    }
  }
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
      'playwright-report*/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...importBoundaries(),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
