import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadPageAt } from './pages';

// A release replaces the fingerprinted chunks, so a tab opened before it cannot fetch a page it
// has not visited yet: reload once to get the new ones. A chunk missing again within a minute is
// a real fault, and the page's error boundary says so.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'leadline-reloaded-for-chunk-at';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

preloadPageAt(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
