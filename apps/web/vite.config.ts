import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * The shared package's module-level values (zod schemas, tables of constants) are pure by
 * contract, but Rollup cannot tell that `z.object(...)` has no side effect, so importing one
 * message constant would keep every schema of its module and zod with them. This marks the calls
 * in module-level initializers `@__PURE__` (never those inside functions, whose results may be
 * unused on purpose): a value no page uses is dropped, and zod loads only with the forms that
 * validate with it.
 */
function sharedValuesArePure(): Plugin {
  const annotate = (node: unknown, at: number[]): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => annotate(child, at));
    const { type } = node as Node;
    if (typeof type !== 'string') return;
    if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression') return;
    if (type === 'CallExpression' || type === 'NewExpression') at.push((node as Node).start);
    for (const [key, child] of Object.entries(node)) if (key !== 'type') annotate(child, at);
  };
  return {
    name: 'leadline-shared-values-are-pure',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/packages/shared/src/')) return null;
      const at: number[] = [];
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) annotate(declarator.init, at);
      }
      let result = code;
      for (const position of [...new Set(at)].sort((a, b) => b - a)) {
        result = `${result.slice(0, position)}/* @__PURE__ */ ${result.slice(position)}`;
      }
      // Without side effects, a module reached only through the package's `export *` index goes
      // to the chunks that use it, not to every chunk that imports the index (the entry).
      return { code: result, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * Vendor code changes less often than ours: a separate chunk stays cached across releases. Only
 * libraries every page needs whole get one; a UI kit or icon set is left to Rollup, which places
 * each component with the pages that use it (a single Mantine chunk would load every page's
 * widgets on the first visit).
 */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /node_modules\/(preact|react-router)\//,
};

/**
 * Preact's compatibility layer renders the app in place of React DOM: about 12 KiB gzipped
 * against 68, the largest single cut in the search screen's first load (docs/decisions.md).
 * Preact 11 has the React 19 APIs Mantine 9 relies on (`use`, a context as its own provider,
 * `ref` as a prop). Only the runtime is swapped: the code is still typed against React.
 */
const REACT_TO_PREACT = [
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'src/lib/react-on-preact.js') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** React Router's package exports name only its development build (warnings and checks included). */
const ROUTER_PRODUCTION = { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs') };

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  // No React plugin: its Fast Refresh cannot update components Preact renders, so an edit
  // reloads the page instead. esbuild compiles JSX as tsconfig.json says (automatic runtime).
  plugins: [sharedValuesArePure()],
  resolve: { alias: [...REACT_TO_PREACT, ...(command === 'build' ? [ROUTER_PRODUCTION] : [])] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-budget.mjs to follow the search screen's chunks.
    manifest: true,
    // Terser packs about 3% tighter than esbuild (166.8 against 171.3 KiB gzipped for the search
    // screen) for a build about 1.8 times as long.
    minify: 'terser',
    // Every browser the app supports preloads modules itself; one without it fetches them when imported.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        manualChunks: (id) => Object.keys(VENDOR_CHUNKS).find((name) => VENDOR_CHUNKS[name]!.test(id)),
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; they are dropped harmlessly.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  server: {
    // The API runs on its own port in development; in production the server serves this build.
    proxy: {
      '/api': 'http://localhost:3000',
      '/search': 'http://localhost:3000',
      '/autocomplete': 'http://localhost:3000',
    },
  },
}));
