// Lint for the whole repository (`npm run lint`, also run by `npm test`). Syntax-only rules (no
// type information): `npm run typecheck` already runs the compiler, and this keeps the lint fast.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';

const SERVER = 'apps/server/src/';

// Today's exceptions to the boundaries, each deleted by the merge that makes it hold: `spine`
// (composition file at the top, feature index.ts files, Actor out of http/) and `contacts` (contacts
// module, list import and export in their own folders). Paths are from apps/server/src/. An entry
// whose import is gone, or whose file is gone, fails the lint: the lists only ever shrink.

/** Feature → another feature's inner file, instead of that feature's index.ts. */
const FEATURE_SURFACE_EXCEPTIONS_UNTIL_SPINE_MERGE = {};

/** Feature files other than routes that import http/ (for the Actor type, which lives there today). */
const HTTP_IN_FEATURES_EXCEPTIONS_UNTIL_SPINE_MERGE = {};

/** Infrastructure that imports features: app.ts mounts every feature's routes, the registry lists their jobs. */
const INFRASTRUCTURE_EXCEPTIONS_UNTIL_SPINE_MERGE = {};

/** Feature files outside repositories that write SQL today (queries the contacts and spine work move into repositories). */
const SQL_OUTSIDE_REPOSITORIES_EXCEPTIONS_UNTIL_CONTACTS_MERGE = [];

/** "file -> imported" pairs from the repository root, after checking that every file named still exists. */
function exceptionPairs(map) {
  const pairs = Object.entries(map).flatMap(([file, targets]) => targets.map((target) => `${SERVER}${file} -> ${SERVER}${target}`));
  exceptionFiles(Object.keys(map));
  return pairs;
}

function exceptionFiles(files) {
  const gone = files.filter((file) => !fs.existsSync(path.join(import.meta.dirname, SERVER, file)));
  if (gone.length > 0) throw new Error(`eslint.config.js: delete the exceptions for files that no longer exist: ${gone.join(', ')}`);
  return files.map((file) => `${SERVER}${file}`);
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx', `${SERVER}test/**`];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      // TypeScript resolves names; in the plain .mjs scripts Node's globals are all there is.
      'no-undef': 'off',
      // `any` appears only where TypeScript's variance needs it: collections of generic
      // definitions (JobDefinition<any>[]), schema-independent Kysely<any> helpers and migrations,
      // TanStack's ColumnDef<Row, any>. `unknown` does not type-check there.
      '@typescript-eslint/no-explicit-any': 'off',
      // Control characters are stripped from file names and imported text on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // It tells that the React Compiler skips a component (TanStack Table's hook); the build does
      // not use the compiler, so there is nothing to act on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { leadline: boundaries },
    rules: {
      'leadline/feature-public-surface': ['error', { exceptions: exceptionPairs(FEATURE_SURFACE_EXCEPTIONS_UNTIL_SPINE_MERGE) }],
      'leadline/no-http-in-features': ['error', { exceptions: exceptionPairs(HTTP_IN_FEATURES_EXCEPTIONS_UNTIL_SPINE_MERGE) }],
      'leadline/infrastructure-imports-no-feature': ['error', { exceptions: exceptionPairs(INFRASTRUCTURE_EXCEPTIONS_UNTIL_SPINE_MERGE) }],
      'leadline/no-server-imports': 'error',
    },
  },
  {
    files: [`${SERVER}features/**/*.ts`],
    ignores: ['**/*.repository.ts', '**/repositories/**', '**/migrations/**', ...TESTS],
    plugins: { leadline: boundaries },
    rules: {
      'leadline/sql-in-repositories': ['error', { exceptions: exceptionFiles(SQL_OUTSIDE_REPOSITORIES_EXCEPTIONS_UNTIL_CONTACTS_MERGE) }],
    },
  },
);
