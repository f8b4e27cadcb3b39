/** Escapes LIKE wildcards so text typed by a user matches literally (`\` is the escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
