/**
 * Where to go after logging in: the `next` query parameter when it is a path of this app, else
 * home. An outside address there would turn the login page into an open redirect.
 */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next') ?? '';
  return /^\/(?![/\\])/.test(next) ? next : '/';
}
