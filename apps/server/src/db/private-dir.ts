import fs from 'node:fs';

/** Mode of the directories that hold user data (uploads, the embedded database): the server's user only. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of the files written there. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a directory (and missing parents) readable only by this process's user, and narrows
 * it to that if it already existed: uploads and the embedded database hold every team's data,
 * and a default umask would leave them readable by every local user.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(dir).mode & 0o777) === PRIVATE_DIR_MODE) return;
  try {
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    // A folder of another owner (a mounted volume) is the operator's to set up.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
