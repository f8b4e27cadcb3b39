import { z } from 'zod';
import { trimmedText } from '../primitives.js';

export const Email = trimmedText().toLowerCase().toLowerCase().pipe(z.email('Please enter a valid email address'));

/** The secret of an invitation link (`/invite/{token}`): 32 random bytes in base64url. */
export const InviteToken = trimmedText().min(1, 'The invitation link is incomplete').max(200);

export const SignupBody = z
  .object({
    name: trimmedText().min(1, 'Name is required').max(120),
    email: Email,
    password: z
      .string()
      .min(8, 'Password must be at least 8 characters')
      .max(256, 'Password must be at most 256 characters'),
    /** The new team's name; not asked when joining a team through an invitation. */
    companyName: trimmedText().max(200).default(''),
    /** Signing up from an invitation link: the account joins that team instead of creating one. */
    inviteToken: InviteToken.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.inviteToken && !body.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required' });
  });
export type SignupBody = z.input<typeof SignupBody>;

/** Sign-up when the server verifies addresses: the same answer whether or not the address had an account. */
export const SignupPendingResponse = z.object({ data: z.object({ status: z.literal('CHECK_EMAIL'), email: z.string(), message: z.string() }) });
export type SignupPendingResponse = z.infer<typeof SignupPendingResponse>;

export const VerifyEmailBody = z.object({ token: trimmedText().min(1, 'The link is incomplete').max(2000) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
export const VerifyEmailResponse = z.object({ data: z.object({ email: z.string(), creditsGranted: z.number() }) });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** TEAM_OWNER is the spec's permission value; admins and members carry their team role. */
export const Permission = z.enum(['TEAM_OWNER', 'TEAM_ADMIN', 'TEAM_MEMBER']);
export type Permission = z.infer<typeof Permission>;
export const TeamRole = z.enum(['ADMIN', 'MEMBER']);
export type TeamRole = z.infer<typeof TeamRole>;

/** The user of spec/settings.md §3; never carries the password hash. */
export const UserDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  permission: Permission,
  role: TeamRole,
  teamId: z.string(),
  companyName: z.string(),
  domain: z.string().nullable(),
  logoUrl: z.string().nullable(),
  onboardingStep: z.string(),
  completedOnboardingTours: z.array(z.string()),
  arePersonalEmailsPriority: z.boolean(),
  databaseType: z.string(),
  coldMailResellerUserId: z.string().nullable(),
});
export type UserDto = z.infer<typeof UserDto>;

export const SubscriptionInfo = z.object({
  plan: z.string(),
  status: z.enum(['active', 'trialing', 'canceled', 'past_due']),
  renewal_date: z.string(),
  isPlannedForCancellation: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

export const MeResponse = z.object({ user: UserDto, subscriptionInfo: SubscriptionInfo.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;
