import { AI_MESSAGES, INBOX_AI_MESSAGES, type AiSource } from '@leadline/shared';
import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useAiStatus, useGenerateEmailFromSubject, useGenerateEmailReply, useThreadSummary } from '../api';

export type AiDraft = { text: string; sources: AiSource[] };

type Props = {
  /** The email whose thread "AI reply" answers and "AI summary" summarises. */
  emailId?: string;
  /** With a subject, "AI email" writes a first email for it (the composer passes its subject field). */
  subject?: string;
  /**
   * Where a draft goes: the composer's editor. Without it the draft is shown here, editable,
   * to copy. Nothing is ever sent from this component.
   */
  onDraft?: (draft: AiDraft) => void;
};

function Sources({ sources }: { sources: AiSource[] }) {
  if (sources.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      Grounded on:{' '}
      {sources.map((s, i) => (
        <span key={s.index}>
          {i > 0 && ', '}
          {s.url ? (
            <Anchor href={s.url} target="_blank" rel="noreferrer" size="xs">
              {s.title ?? s.url}
            </Anchor>
          ) : (
            (s.title ?? 'context')
          )}
          {s.isCompetitor && ' (competitor)'}
        </span>
      ))}
    </Text>
  );
}

/**
 * The inbox's AI buttons (spec/engage.md §2): AI reply, AI email from a subject line, AI summary.
 * Disabled with "AI is not configured on this server" when the server has no AI provider.
 */
export function AiDraftButtons({ emailId, subject, onDraft }: Props) {
  const status = useAiStatus();
  const reply = useGenerateEmailReply();
  const fromSubject = useGenerateEmailFromSubject();
  const summary = useThreadSummary();
  const [draft, setDraft] = useState<AiDraft | null>(null);
  const [summaryText, setSummaryText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const configured = status.data?.configured ?? false;
  const busy = reply.isPending || fromSubject.isPending || summary.isPending;
  const deliver = (next: AiDraft) => (onDraft ? onDraft(next) : setDraft(next));
  const fail = (fallback: string) => (e: Error) => setError(e.message || fallback);

  const buttons = (
    <Group gap="xs">
      {emailId && (
        <Button size="xs" variant="light" loading={reply.isPending} disabled={!configured || busy} onClick={() => (setError(null), reply.mutate({ emailId }, { onSuccess: (a) => deliver({ text: a.reply, sources: a.sources }), onError: fail(INBOX_AI_MESSAGES.replyFailed) }))}>
          AI reply
        </Button>
      )}
      {subject !== undefined && (
        <Button
          size="xs"
          variant="light"
          loading={fromSubject.isPending}
          disabled={!configured || busy || !subject.trim()}
          onClick={() => (setError(null), fromSubject.mutate({ subject }, { onSuccess: (a) => deliver({ text: a.email, sources: a.sources }), onError: fail(INBOX_AI_MESSAGES.emailFailed) }))}
        >
          AI email
        </Button>
      )}
      {emailId && (
        <Button size="xs" variant="light" loading={summary.isPending} disabled={!configured || busy} onClick={() => (setError(null), summary.mutate(emailId, { onSuccess: (a) => setSummaryText(a.data.summary), onError: fail(INBOX_AI_MESSAGES.summaryFailed) }))}>
          AI summary
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="xs" data-testid="ai-draft-buttons">
      {configured || status.isPending ? (
        buttons
      ) : (
        <Tooltip label={AI_MESSAGES.notConfigured}>
          <div>{buttons}</div>
        </Tooltip>
      )}
      {!configured && status.isSuccess && (
        <Text size="xs" c="dimmed">
          {AI_MESSAGES.notConfigured}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" p="xs" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {summaryText && (
        <Alert color="blue" variant="light" title="Summary" withCloseButton onClose={() => setSummaryText(null)}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {summaryText}
          </Text>
        </Alert>
      )}
      {draft && (
        <Stack gap={4}>
          <Textarea label="AI draft (not sent)" autosize minRows={4} value={draft.text} onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })} />
          <Sources sources={draft.sources} />
          <Group gap="xs">
            <CopyButton value={draft.text}>{({ copied, copy }) => <Button size="xs" variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
            <Button size="xs" variant="subtle" onClick={() => setDraft(null)}>
              Discard
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
