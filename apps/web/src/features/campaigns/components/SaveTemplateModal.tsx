import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CAMPAIGN_TEMPLATE_LIMITS, CAMPAIGN_TEMPLATE_MESSAGES } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSaveTemplate, type TemplateSource } from '../templates-api';

/** Names and saves steps as one of the team's templates: a campaign's (by id) or the form's. */
export function SaveTemplateModal({ opened, source, defaultName, onClose }: { opened: boolean; source: () => TemplateSource | string; defaultName: string; onClose: () => void }) {
  const save = useSaveTemplate();
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const from = source();
    if (typeof from === 'string') return setError(from);
    if (!name.trim()) return setError(CAMPAIGN_TEMPLATE_MESSAGES.nameRequired);
    save.mutate(
      { name: name.trim(), ...from },
      {
        onSuccess: () => {
          notify.success(CAMPAIGN_TEMPLATE_MESSAGES.saved);
          onClose();
        },
        onError: (e) => setError(isApiError(e) ? e.fieldMessage : CAMPAIGN_TEMPLATE_MESSAGES.nameTaken),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save as template">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput label="Template name" data-autofocus required maxLength={CAMPAIGN_TEMPLATE_LIMITS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save template
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
