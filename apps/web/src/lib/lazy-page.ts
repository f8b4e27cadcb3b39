import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts fetching the page's code without rendering it; the same promise is reused by the render. */
  preload: () => Promise<unknown>;
};

/**
 * A page whose code is fetched on its first visit, so each area costs nothing until it is opened.
 * `pick` names the page's export: pages are named exports, and React.lazy wants a default one.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        loading = undefined; // a network failure is not remembered: the next visit fetches again
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}
