/** The domain of an address, lower-cased: what decides whether an invitee belongs to the team's company. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
