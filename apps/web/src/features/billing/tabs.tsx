import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/PageLoading';

// The billing and credits tabs are fetched when first opened, not with the settings page.
const LazyBillingTab = lazy(() => import('./components/BillingTab').then((m) => ({ default: m.BillingTab })));
const LazyCreditsTab = lazy(() => import('./components/CreditsTab').then((m) => ({ default: m.CreditsTab })));

export const BillingTab = () => (
  <Suspense fallback={<PageLoading />}>
    <LazyBillingTab />
  </Suspense>
);

export const CreditsTab = () => (
  <Suspense fallback={<PageLoading />}>
    <LazyCreditsTab />
  </Suspense>
);
