import type { Permission, TeamRole } from '@leadline/shared';

/** Who is calling: always a member of exactly one team. */
export type Actor = {
  userId: string;
  teamId: string;
  email: string;
  name: string;
  permission: Permission;
  role: TeamRole;
  sessionHash: string;
  /** Set when the call came with an API key instead of a session: session-only routes refuse it. */
  apiKeyId?: string;
};
