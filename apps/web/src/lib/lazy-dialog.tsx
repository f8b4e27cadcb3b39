import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is fetched when it first opens, so the screen that offers it does not wait
 * for forms the user may never open. It renders nothing until `opened` is first true (a dialog
 * without that prop is mounted only when wanted, so it counts as open), then stays mounted so its
 * closing transition and state behave as with a plain import.
 */
export function lazyDialog<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  const Dialog = lazy(() => load().then((module) => ({ default: pick(module) })));
  function LazyDialog(props: P) {
    const opened = (props as { opened?: boolean }).opened ?? true;
    const [wanted, setWanted] = useState(opened);
    if (opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return <Suspense fallback={null}>{createElement(Dialog as ComponentType<P>, props)}</Suspense>;
  }
  return LazyDialog;
}
