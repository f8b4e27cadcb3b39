/** User-facing messages. Those quoted in spec/ are verbatim; keep them so. */
export const MESSAGES = {
  inviteSameDomain: 'You can only invite team members with the same domain as your email.',
  inviteDuplicate: 'This email is already in use by another team member.',
  failedToFetchTeamMembers: 'Failed to fetch team members',
  fetchTeamMembersError: 'There was an error fetching your team members. Please try again later!',
  invalidCredentials: 'Invalid email or password.',
  tooManyLogins: 'Too many login attempts. Please wait a minute and try again.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  signInRequired: 'Please sign in to continue.',
  insufficientCredits:
    'There was an error performing this action due to insufficient credits. Please try again later!',
  noResults: 'No results.',
  noOptions: 'No options found.',
  notBuiltYet: 'Coming soon: this area is not available in this version of Leadline yet.',
} as const;
