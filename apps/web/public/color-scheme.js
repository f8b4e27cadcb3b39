// Mirrors Mantine's ColorSchemeScript as a file, because the server's CSP allows no inline scripts.
(function () {
  try {
    var saved = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = saved === 'light' || saved === 'dark' || saved === 'auto' ? saved : 'light';
    if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (e) {
    // Storage blocked (private mode, policy): the light default stands.
  }
})();
