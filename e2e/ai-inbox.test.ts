import { describe, expect, it } from 'vitest';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';

// The inbox's AI buttons against a loopback chat-completions server. The thread is stored as
// the mailbox sync stores one (no IMAP server here: the AI reads the stored text).

const REPLY = 'Hi Sam,\n\nThe Rocket plan is 49 dollars per seat.\n\nAva';
const SUMMARY = '- Sam asks for per-seat pricing\n- Wants an answer before Friday';

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({
      chat: keep(
        await startChatCompletionsServer({
          fallback: (request) => ({ kind: 'message', content: String(request.body.messages[0].content).includes('You summarise') ? SUMMARY : REPLY }),
        }),
      ),
    }),
    app: ({ chat }) => ({ config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model' } } }),
  },
  90_000,
);

async function storeThread(email: string) {
  const user = await e2e.ctx.db.selectFrom('users').select(['id', 'team_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const account = await e2e.ctx.db
    .insertInto('mail_accounts')
    .values({ team_id: user.team_id, user_id: user.id, email_address: email, name: 'Ava Ai', provider: 'imap', imap_host: 'imap.invalid', imap_port: 993, imap_secure: true, smtp_host: 'smtp.invalid', smtp_port: 465, smtp_secure: true, username: email, secret: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = await e2e.ctx.db.insertInto('mail_folders').values({ account_id: account.id, path: 'INBOX', special_use: 'inbox', first_sync_done: true }).returning('id').executeTakeFirstOrThrow();
  await e2e.ctx.db
    .insertInto('mail_messages')
    .values({
      account_id: account.id,
      folder_id: folder.id,
      uidvalidity: 1,
      uid: 1,
      message_id: '<pricing@buyer.test>',
      thread_id: 'pricing-thread',
      subject: 'Rocket skates pricing',
      from_address: 'sam@buyer.test',
      from_name: 'Sam Buyer',
      to_addresses: JSON.stringify([{ name: 'Ava Ai', address: email }]),
      cc_addresses: JSON.stringify([]),
      sent_at: new Date(),
      snippet: 'What does it cost per seat?',
      text_body: 'Hi Ava, what does the plan cost per seat? We need an answer before Friday. Sam',
      attachments: JSON.stringify([]),
    })
    .execute();
}

describe('AI in the inbox', () => {
  it('drafts a reply into the reply composer and summarises the thread', async () => {
    await signUp(e2e.page, newUser({ name: 'Ava Ai', email: 'ava@ai.test' }));
    await storeThread('ava@ai.test');
    await e2e.page.goto('/engage/inbox');
    await e2e.page.getByRole('button').filter({ hasText: 'Rocket skates pricing' }).first().click();

    await e2e.page.getByRole('button', { name: 'AI reply' }).click();
    // The draft opens in the reply composer above the quote, for the user to edit and send.
    const reply = e2e.page.getByRole('dialog', { name: 'Reply' });
    const editor = reply.locator('.ProseMirror');
    await editor.getByText('The Rocket plan is 49 dollars per seat.').waitFor();
    const paragraphs = await editor.locator(':scope > p').allInnerTexts();
    expect(paragraphs.slice(0, 3)).toEqual(REPLY.split('\n\n'));
    await editor.locator('blockquote').waitFor({ state: 'attached' });
    await editor.click();
    await e2e.page.keyboard.press('Escape');
    // Esc from inside the editor asks before dropping the AI's draft.
    const discard = reply.getByRole('alertdialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard' });
    // Enter answers the focused Discard button: pressed before the focus got there (a busy
    // machine), it would type into the editor instead.
    await expect.poll(() => discard.evaluate((button) => button === document.activeElement)).toBe(true);
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => reply.count(), { timeout: 15_000 }).toBe(0);
    const asked = e2e.fixtures.chat.requests.at(-1)!.body;
    expect(asked.model).toBe('e2e-model');
    expect(asked.messages[1].content).toContain('what does the plan cost per seat?');

    await e2e.page.getByRole('button', { name: 'AI summary' }).click();
    await e2e.page.getByText('Sam asks for per-seat pricing').waitFor();
  });
});
