// The module the build serves as `react` (vite.config.ts): Preact's compatibility layer, plus
// what Mantine imports from React 19.2 and Preact lacks. Plain JavaScript because Preact's types
// describe compat as one `export =` namespace, which TypeScript cannot re-export with `export *`.
import compat, { createElement } from 'preact/compat';

export * from 'preact/compat';

/**
 * React 19.2's `<Activity>` keeps hidden content mounted and out of sight (Mantine's Collapse and
 * Tabs with `keepMounted`). One wrapper in both modes, so switching keeps the children's state;
 * `display: contents` lays the children out as if it were not there. Unlike React, effects of
 * hidden content keep running.
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

export default { ...compat, Activity };
