/**
 * Warm-up message text: short, plain, varied notes between colleagues, so receivers see the
 * ordinary conversation a healthy mailbox has. The pick is seeded by the message's token, so a
 * retried send writes the same words.
 */
import crypto from 'node:crypto';

const SUBJECTS = [
  'Quick question about next week',
  'Notes from today',
  'Following up',
  'Lunch on Thursday?',
  'That article you mentioned',
  'Agenda for our call',
  'Small update',
  'Thanks for the help',
  'Checking in',
  'Idea for the quarter',
  'Re-scheduling our chat',
  'Draft for your review',
];

const OPENINGS = ['Hi {name},', 'Hello {name},', 'Hey {name},', 'Good morning {name},', '{name},'];
const BODIES = [
  'I went through the notes from our last conversation and I think we are on the right track. Could you take a look when you have a minute?',
  'Just wanted to follow up on what we discussed. No rush at all, whenever suits you is fine.',
  'I found the document we were talking about. It has a few good ideas we could borrow for the next project.',
  'Would Thursday around noon work for a short catch-up? Happy to move it if your week is full.',
  'Thanks again for the quick reply yesterday, it saved me a lot of time.',
  'I put together a rough outline for the call. Let me know if anything is missing before I send it around.',
  'Our team is trying a new way to plan the week. I would love to hear how you handle it on your side.',
  'Hope your week is going well. I have a couple of small questions about the proposal when you get a chance.',
];
const REPLIES = [
  'Thanks, that sounds good to me.',
  'Got it, I will take a look this afternoon.',
  'Great, Thursday works. Talk soon!',
  'Appreciate the update, thank you.',
  'Sounds like a plan. Let me know if you need anything else.',
  'Thanks for sending this over, very helpful.',
];
const CLOSINGS = ['Best,', 'Thanks,', 'Cheers,', 'Talk soon,', 'Regards,'];

function picker(token: string) {
  const bytes = crypto.createHash('sha256').update(token).digest();
  let i = 0;
  return <T>(list: readonly T[]): T => list[bytes[i++ % bytes.length]! % list.length]!;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'there';

export function warmupMessage(token: string, from: { name: string }, to: { name: string }) {
  const pick = picker(token);
  return {
    subject: pick(SUBJECTS),
    text: `${pick(OPENINGS).replace('{name}', firstNameOf(to.name))}\n\n${pick(BODIES)}\n\n${pick(CLOSINGS)}\n${firstNameOf(from.name)}\n`,
  };
}

export function warmupReply(token: string, from: { name: string }, to: { name: string }) {
  const pick = picker(token);
  return `${pick(OPENINGS).replace('{name}', firstNameOf(to.name))}\n\n${pick(REPLIES)}\n\n${pick(CLOSINGS)}\n${firstNameOf(from.name)}\n`;
}
