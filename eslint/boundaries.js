// Import boundaries between the layers and features: a feature meets another only through that
// feature's index.ts; only route files reach the HTTP layer; infrastructure serves features without
// importing them; the web app and the shared package never import the server. Each rule resolves an
// import to a path from the repository root and judges the (file, imported file) pair.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = 'apps/server/src/';
const FEATURES = `${SERVER}features/`;
const INFRASTRUCTURE = ['http', 'jobs', 'lib', 'db'].map((folder) => `${SERVER}${folder}/`);
const TEST_FILE = /\.test\.tsx?$|\/test\//;

const toPosix = (file) => file.split(path.sep).join('/');
const fromRoot = (file) => toPosix(path.relative(ROOT, file));

/** The imported file from the repository root, with `.js` read as the `.ts` it compiles from; null for packages. */
function resolveImport(file, specifier) {
  if (specifier.startsWith('@leadline/server')) return `apps/server/${specifier.slice('@leadline/server'.length).replace(/^\//, '')}`;
  if (!specifier.startsWith('.')) return null;
  const target = fromRoot(path.resolve(path.dirname(file), specifier));
  return target.replace(/\.js$/, '.ts');
}

/** `lists` for `apps/server/src/features/lists/...`, else null. */
function featureOf(file) {
  if (!file.startsWith(FEATURES)) return null;
  return file.slice(FEATURES.length).split('/')[0] ?? null;
}

const isFeatureIndex = (target, feature) => /^index\.tsx?$/.test(target.slice(`${FEATURES}${feature}/`.length));

/**
 * Builds a rule that calls `judge(file, target)` for every static import, re-export and
 * literal dynamic import; `judge` returns a message or null. The rule's option
 * `{ exceptions: ['from/file.ts -> to/file.ts', ...] }` lets named pairs through; an exception
 * for this file that no import uses any more is reported, so the list only ever shrinks.
 */
function boundaryRule(description, judge) {
  return {
    meta: {
      type: 'problem',
      docs: { description },
      schema: [
        {
          type: 'object',
          properties: { exceptions: { type: 'array', items: { type: 'string' } } },
          additionalProperties: false,
        },
      ],
    },
    create(context) {
      const file = fromRoot(context.filename);
      const exceptions = (context.options[0]?.exceptions ?? []).filter((pair) => pair.startsWith(`${file} -> `));
      const used = new Set();
      const check = (node, source) => {
        if (!source || typeof source.value !== 'string') return;
        const target = resolveImport(context.filename, source.value);
        if (target === null) return;
        const message = judge(file, target);
        if (!message) return;
        const pair = `${file} -> ${target}`;
        if (exceptions.includes(pair)) return void used.add(pair);
        context.report({ node, message: `${message} (imports ${target})` });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source),
        ExportNamedDeclaration: (node) => check(node, node.source),
        ExportAllDeclaration: (node) => check(node, node.source),
        ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
        'Program:exit': (node) => {
          for (const pair of exceptions.filter((p) => !used.has(p))) context.report({ node, loc: { line: 1, column: 0 }, message: `Stale exception "${pair}": this import is gone, delete the exception from eslint.config.js` });
        },
      };
    },
  };
}

const SQL_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);

/** Queries only in repositories: no `sql` from kysely and no query builder calls in the files it is applied to. */
const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL lives in *.repository.ts files' },
    schema: [
      {
        type: 'object',
        properties: { exceptions: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = fromRoot(context.filename);
    const excepted = (context.options[0]?.exceptions ?? []).includes(file);
    let found = false;
    const report = (node, message) => {
      found = true;
      if (!excepted) context.report({ node, message });
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'sql') report(specifier, "SQL lives in *.repository.ts files: move this `sql` query there and call it.");
        }
      },
      'CallExpression > MemberExpression.callee'(node) {
        if (node.property.type === 'Identifier' && SQL_BUILDERS.has(node.property.name)) report(node.property, `Queries live in *.repository.ts files: move this ${node.property.name} there and call it.`);
      },
      'Program:exit'(node) {
        if (excepted && !found) context.report({ node, loc: { line: 1, column: 0 }, message: `Stale exception "${file}": it writes no SQL any more, delete the exception from eslint.config.js` });
      },
    };
  },
};

export default {
  meta: { name: 'leadline-boundaries' },
  rules: {
    'sql-in-repositories': sqlInRepositories,
    'feature-public-surface': boundaryRule(
      'A feature imports another feature only through its index.ts',
      (file, target) => {
        const from = featureOf(file);
        const to = featureOf(target);
        if (from === null || to === null || from === to || isFeatureIndex(target, to)) return null;
        return `features/${from} may import features/${to} only through ../${to}/index.js`;
      },
    ),
    'no-http-in-features': boundaryRule(
      'Only route files (and tests) of a feature import the HTTP layer',
      (file, target) => {
        if (!file.startsWith(FEATURES) || !target.startsWith(`${SERVER}http/`)) return null;
        if (/\.routes\.ts$/.test(file) || TEST_FILE.test(file)) return null;
        return 'only *.routes.ts files may import http/: pass what the service needs as plain values';
      },
    ),
    'infrastructure-imports-no-feature': boundaryRule(
      'http/, jobs/, lib/ and db/ import no feature',
      (file, target) => {
        if (!INFRASTRUCTURE.some((folder) => file.startsWith(folder)) || TEST_FILE.test(file)) return null;
        if (!target.startsWith(FEATURES)) return null;
        return 'infrastructure imports no feature: the composition file at the top wires features in';
      },
    ),
    'no-server-imports': boundaryRule(
      'The web app and the shared package never import server code',
      (file, target) => {
        if (!file.startsWith('apps/web/') && !file.startsWith('packages/shared/')) return null;
        if (!target.startsWith('apps/server/')) return null;
        return 'the web app and packages/shared never import server code: move the shared part to packages/shared';
      },
    ),
  },
};
