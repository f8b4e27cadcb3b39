import { TEAM_MESSAGES, type TeamMemberDto } from '@leadline/shared';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { useCreditsInfo } from '../../credits/api';
import { useUpdateMember } from '../api';

/** "Credits Limit": a member's monthly cap, clamped to 1..the team's total, never under their use. */
export function CreditsLimitDialog({ member, onClose }: { member: TeamMemberDto; onClose: () => void }) {
  const total = useCreditsInfo().data?.total ?? 0;
  const [cap, setCap] = useState<number>(member.creditsCap ?? Math.max(member.creditsUsed, 1));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateMember();
  const clamp = (value: number) => Math.min(Math.max(Math.round(value), 1), Math.max(total, 1));

  const save = () => {
    const value = clamp(cap);
    setCap(value);
    if (value < member.creditsUsed) return setProblem(TEAM_MESSAGES.capBelowUsed(member.creditsUsed));
    update.mutate(
      { memberId: member._id, creditsCap: value },
      {
        onSuccess: onClose,
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Credits Limit">
      <Stack gap="sm">
        <Text size="sm">
          Monthly credits for {member.name}. Used this month: {member.creditsUsed.toLocaleString()}.
        </Text>
        <NumberInput
          label="Monthly credits cap"
          min={1}
          max={Math.max(total, 1)}
          clampBehavior="blur"
          allowDecimal={false}
          value={cap}
          onChange={(value) => {
            setProblem(null);
            setCap(typeof value === 'number' ? value : Number(value) || 0);
          }}
          error={problem}
        />
        <DialogFooter onCancel={onClose} onSave={save} saving={update.isPending} />
      </Stack>
    </Modal>
  );
}
