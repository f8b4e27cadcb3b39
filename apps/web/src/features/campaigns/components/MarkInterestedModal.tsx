import { Button, Group, Modal, Text } from '@mantine/core';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CAMPAIGN_SCREEN_MESSAGES, useMarkInterested } from '../api';

export type InterestedTarget = { contactId: string; name: string };

/** Asks before ending a lead as interested: its remaining steps stop and cannot be resumed. */
export function MarkInterestedModal({ campaignId, target, onClose }: { campaignId: string; target: InterestedTarget | null; onClose: () => void }) {
  const mark = useMarkInterested(campaignId);
  const confirm = () => {
    if (!target) return;
    mark.mutate(target.contactId, {
      onSuccess: () => {
        notify.success(CAMPAIGN_SCREEN_MESSAGES.markedInterested);
        onClose();
      },
      onError: (e) => notify.error(isApiError(e) ? e.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed),
    });
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title="Mark interested">
      <Text size="sm">Mark {target?.name} as interested? Every remaining step of this lead stops.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={mark.isPending}>
          Mark interested
        </Button>
      </Group>
    </Modal>
  );
}
