import type { CampaignTemplateDto } from '@leadline/shared/campaigns/index';

type BuiltIn = Omit<CampaignTemplateDto, 'builtIn' | 'createdAt' | 'createdBy'>;
type Step = CampaignTemplateDto['steps'][number];

const email = (delayDays: number, subject: string | null, body: string, newThread = false): Step => ({ type: 'email', delayDays, businessDays: true, ...(subject ? { subject } : {}), body, newThread });
const task = (type: Step['type'], delayDays: number, body: string): Step => ({ type, delayDays, businessDays: true, body, newThread: false });

/**
 * Templates written by us, the same for every team and read-only. Bodies are the step editor's
 * HTML; every variable has a fallback, so a lead with a missing field still reads well.
 */
export const BUILTIN_TEMPLATES: readonly BuiltIn[] = [
  {
    id: 'builtin-cold-outreach',
    name: 'Cold outreach (3 steps)',
    description: 'A short first email, a nudge in the same thread three business days later, and a polite last note.',
    steps: [
      email(
        0,
        'Quick question, {{firstName|there}}',
        '<p>Hi {{firstName|there}},</p><p>I noticed {{companyName|your team}} is growing, and teams like yours often spend hours a week on work that could run by itself.</p><p>We help {{jobTitle|leaders}} like you get that time back. Would a 15-minute call next week be worth it to see if it fits?</p><p>Best,<br>{{senderName}}</p>',
      ),
      email(3, null, '<p>Hi {{firstName|there}},</p><p>Just bringing this back to the top of your inbox. Is this a priority for {{companyName|your team}} this quarter, or should I check back later?</p><p>{{senderName}}</p>'),
      email(
        4,
        'Should I close your file?',
        "<p>Hi {{firstName|there}},</p><p>I haven't heard back, so I'll assume the timing isn't right and won't write again.</p><p>If things change, just reply to this email and I'll pick it up from there.</p><p>All the best,<br>{{senderName}}</p>",
        true,
      ),
    ],
  },
  {
    id: 'builtin-after-event',
    name: 'Follow-up after an event',
    description: 'For people you met or who attended: a thank-you the next day, a useful resource, then a meeting ask.',
    steps: [
      email(
        1,
        'Great to connect, {{firstName|there}}',
        '<p>Hi {{firstName|there}},</p><p>Thanks for stopping by at the event. It was good to hear how {{companyName|your team}} is approaching this year.</p><p>I promised to follow up, so here I am: would it help if I sent over a few examples from companies in {{industry|your industry}}?</p><p>{{senderName}}</p>',
      ),
      email(3, null, '<p>Hi {{firstName|there}},</p><p>Here are the three examples I mentioned; each one took less than a month to set up. Happy to walk you through the one closest to {{companyName|your setup}}.</p><p>{{senderName}}</p>'),
      email(
        5,
        '15 minutes next week?',
        "<p>Hi {{firstName|there}},</p><p>Would 15 minutes next week work to see whether this fits {{companyName|your team}}? Reply with a time that suits you and I'll send an invite.</p><p>Thanks,<br>{{senderName}}</p>",
        true,
      ),
    ],
  },
  {
    id: 'builtin-re-engagement',
    name: 'Re-engagement',
    description: 'For past leads or customers who went quiet: what changed, an easy yes/no, and a graceful close.',
    steps: [
      email(
        0,
        "It's been a while, {{firstName|there}}",
        "<p>Hi {{firstName|there}},</p><p>We last spoke a few months ago. Since then we've shipped several of the things {{companyName|teams like yours}} asked for.</p><p>Is it worth a quick catch-up to see whether the picture has changed on your side?</p><p>{{senderName}}</p>",
      ),
      email(4, null, '<p>Hi {{firstName|there}},</p><p>An easy one: is this still on your radar? A one-word reply (yes or no) is perfect.</p><p>{{senderName}}</p>'),
      email(
        7,
        'Closing the loop',
        "<p>Hi {{firstName|there}},</p><p>I'll stop here so I don't crowd your inbox. If {{companyName|your team}} wants to revisit this later, my door is open.</p><p>Best,<br>{{senderName}}</p>",
        true,
      ),
    ],
  },
  {
    id: 'builtin-multichannel',
    name: 'Multichannel: email, LinkedIn and a call',
    description: 'An email, a LinkedIn connection request, a follow-up email, a call, then a LinkedIn message.',
    steps: [
      email(
        0,
        'Idea for {{companyName|your team}}',
        '<p>Hi {{firstName|there}},</p><p>I work with {{jobTitle|teams}} in {{industry|your industry}} on cutting the time spent on manual prospecting. I have one idea that could work at {{companyName|your company}}.</p><p>Open to a short chat?</p><p>{{senderName}}</p>',
      ),
      task('linkedin_request', 1, 'Send a connection request. Note: "Hi {{firstName|there}}, I sent you an email about {{companyName|your team}}; happy to connect here too."'),
      email(2, null, '<p>Hi {{firstName|there}},</p><p>Following up on my note, and I sent you a LinkedIn request too. Would Tuesday or Thursday suit you for 15 minutes?</p><p>{{senderName}}</p>'),
      task('call', 2, 'Call {{firstName|the lead}} at {{companyName|their company}}. Refer to the two emails; aim to book a 15-minute demo.'),
      task('linkedin_message', 3, 'If connected, message: "Thanks for connecting, {{firstName|there}}. Did my emails reach you? Happy to share the idea here instead."'),
    ],
  },
];
