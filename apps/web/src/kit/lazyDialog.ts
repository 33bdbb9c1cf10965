import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A dialog loaded when it is first opened: `lazyDialog(() => import('./X'), 'XDialog')`.
 * Render it under `<Suspense fallback={null}>` so loading it never blanks the page.
 */
export function lazyDialog<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
