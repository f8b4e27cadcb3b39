const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A typed domain or URL reduced to its host name: trimmed, lower-cased, without scheme, path,
 * port or a leading "www."; null when what remains is not a host name with a dot.
 */
export function normalizeDomain(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/:\d+$/, '').replace(/\.$/, '').replace(/^www\./, '');
  return HOST.test(host) ? host : null;
}

/** The copyable tag of the power-ups step: it loads the tracker for this team from this server. */
export function trackingScriptTag(origin: string, teamId: string): string {
  return `<script async src="${origin}/tracker.js" data-team="${teamId}"></script>`;
}
