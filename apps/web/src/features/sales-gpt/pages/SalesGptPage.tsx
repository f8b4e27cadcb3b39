import { lazyPage } from '../../../lib/lazy-page';

// The chat loads in a chunk of its own: this page stays a few bytes in the entry's preload map,
// which is part of the search screen's first load (scripts/bundle-budget.mjs).
const SalesGptChat = lazyPage(() => import('../components/SalesGptChat'), (m) => m.SalesGptChat);

/** `/`: SalesGPT, a chat over the team's data with tools; actions that spend credits or change data wait for Confirm. */
export function SalesGptPage() {
  return <SalesGptChat />;
}
