import { canSaveSlack, SLACK_MESSAGES, type SlackSettings } from '@leadline/shared';
import { Alert, Button, Code, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useConnect, useSaveSettings, useServiceSettings } from '../api';

/** The app's bot in Slack, as users invite it. */
const BOT_NAME = '@Leadline';

/**
 * Slack dialog (spec/settings.md §2): 1 install the app, 2 invite the bot to a public channel,
 * 3 the channel name. The channel field is enabled only once the app is installed; Save needs a
 * non-empty trimmed channel (§4, §5).
 */
export function SlackDialog({ onClose, startAtChannel = false }: { onClose: () => void; startAtChannel?: boolean }) {
  const settings = useServiceSettings<SlackSettings>('slack');
  const connect = useConnect();
  const save = useSaveSettings<SlackSettings>('slack');
  const installed = settings.data?.installed ?? false;
  const [step, setStep] = useState(startAtChannel ? 1 : 0);
  const [typedChannel, setChannel] = useState<string | null>(null);
  const channel = typedChannel ?? settings.data?.channel ?? '';

  const submit = () => {
    if (!canSaveSlack(installed, channel)) return;
    save.mutate(
      { channel: channel.trim() },
      {
        onSuccess: () => {
          notify.success(SLACK_MESSAGES.connected);
          onClose();
        },
        onError: () => notify.error(SLACK_MESSAGES.updateFailed),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Connect Slack" size="lg">
      <Stack gap="md">
        {settings.error && <Alert color="red">{SLACK_MESSAGES.loadFailed}</Alert>}
        <Stepper active={step} onStepClick={setStep} size="sm">
          <Stepper.Step label="Install the app">
            <Stack gap="sm" mt="md">
              <Text size="sm">Install the Leadline app in your Slack workspace. It only posts messages: when a push, a pull, an import or a bulk enrichment finishes.</Text>
              {installed ? (
                <Alert color="teal">Installed{settings.data?.teamName ? ` in ${settings.data.teamName}` : ''}.</Alert>
              ) : (
                <Group>
                  <Button loading={connect.isPending} onClick={() => connect.mutate('slack', { onError: () => notify.error(SLACK_MESSAGES.installFailed) })}>
                    Install Slack app
                  </Button>
                </Group>
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Invite the bot">
            <Stack gap="sm" mt="md">
              <Text size="sm">
                In Slack, open the public channel that should get the messages and invite the bot with <Code>/invite {BOT_NAME}</Code>.
              </Text>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Channel">
            <Stack gap="sm" mt="md">
              <TextInput
                label="Channel name"
                placeholder="sales-notifications"
                description={installed ? 'The public channel the bot was invited to.' : 'Install the app first.'}
                value={channel}
                disabled={!installed}
                onChange={(e) => setChannel(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') submit();
                }}
              />
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Group gap="xs">
            {step > 0 && (
              <Button key="back" variant="default" onClick={() => setStep((s) => s - 1)}>
                Back
              </Button>
            )}
            {step < 2 ? (
              <Button key="next" onClick={() => setStep((s) => s + 1)}>
                Next
              </Button>
            ) : (
              <Button key="save" onClick={submit} disabled={!canSaveSlack(installed, channel)} loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
