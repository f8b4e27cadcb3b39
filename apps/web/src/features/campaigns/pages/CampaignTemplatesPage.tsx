import { Badge, Button, Card, Group, Menu, ActionIcon, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { CAMPAIGN_TEMPLATE_LIMITS, CAMPAIGN_TEMPLATE_MESSAGES, type CampaignStepType, type CampaignTemplateDto } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { SequencesTabs } from '../components/SequencesTabs';
import { useDeleteTemplate, useRenameTemplate, useTemplates } from '../templates-api';

const STEP_LABELS: Record<CampaignStepType, string> = { email: 'Email', linkedin_request: 'LinkedIn request', linkedin_message: 'LinkedIn message', call: 'Call', task: 'Task' };

function RenameModal({ template, onClose }: { template: CampaignTemplateDto; onClose: () => void }) {
  const rename = useRenameTemplate();
  const [name, setName] = useState(template.name);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={`Rename ${template.name}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return setError(CAMPAIGN_TEMPLATE_MESSAGES.nameRequired);
          rename.mutate(
            { id: template.id, name: name.trim() },
            { onSuccess: () => (notify.success(CAMPAIGN_TEMPLATE_MESSAGES.renamed), onClose()), onError: (e) => setError(isApiError(e) ? e.fieldMessage : CAMPAIGN_TEMPLATE_MESSAGES.nameTaken) },
          );
        }}
      >
        <Stack>
          <TextInput label="Template name" data-autofocus maxLength={CAMPAIGN_TEMPLATE_LIMITS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteModal({ template, onClose }: { template: CampaignTemplateDto; onClose: () => void }) {
  const remove = useDeleteTemplate();
  return (
    <Modal opened onClose={onClose} title={`Delete ${template.name}?`}>
      <Stack>
        <Text size="sm">Campaigns started from it keep their steps.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(template.id, { onSuccess: () => (notify.success(CAMPAIGN_TEMPLATE_MESSAGES.deleted), onClose()), onError: (e) => notify.error(isApiError(e) ? e.message : CAMPAIGN_TEMPLATE_MESSAGES.deleted) })
            }
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TemplateCard({ template, onRename, onDelete }: { template: CampaignTemplateDto; onRename?: () => void; onDelete?: () => void }) {
  return (
    <Card withBorder padding="md" aria-label={template.name} component="article">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{template.name}</Text>
          {template.builtIn ? (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              Built-in
            </Badge>
          ) : (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`Actions for ${template.name}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={`/engage/sequences/campaign-templates/${template.id}`}>
                  Edit steps
                </Menu.Item>
                <Menu.Item onClick={onRename}>Rename</Menu.Item>
                <Menu.Item color="red" onClick={onDelete}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {template.description && (
          <Text size="sm" c="dimmed">
            {template.description}
          </Text>
        )}
        <Text size="sm">
          {template.steps.length} step{template.steps.length === 1 ? '' : 's'}: {template.steps.map((s) => STEP_LABELS[s.type]).join(', ')}
        </Text>
        {!template.builtIn && template.createdBy && (
          <Text size="xs" c="dimmed">
            Saved by {template.createdBy}
            {template.createdAt ? ` on ${new Date(template.createdAt).toLocaleDateString()}` : ''}
          </Text>
        )}
        <Group mt="auto" pt="xs">
          <Button component={Link} to={`/engage/sequences/new-campaign?template=${encodeURIComponent(template.id)}`} size="xs" aria-label={`Use ${template.name}`}>
            Use template
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /engage/sequences/campaign-templates (spec §2): built-in templates and the team's own; one starts a new campaign with its steps. */
export function CampaignTemplatesPage() {
  const templates = useTemplates();
  const [renaming, setRenaming] = useState<CampaignTemplateDto | null>(null);
  const [deleting, setDeleting] = useState<CampaignTemplateDto | null>(null);
  const all = templates.data ?? [];
  const own = all.filter((t) => !t.builtIn);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Templates
      </Title>
      <SequencesTabs />
      {templates.isLoading ? (
        <PageLoading />
      ) : (
        <>
          <Title order={2} size="h4">
            Your team&apos;s templates
          </Title>
          {own.length === 0 ? (
            <Card withBorder padding="lg">
              <Text fw={600}>No templates of your own yet</Text>
              <Text size="sm" c="dimmed">
                Save a campaign&apos;s steps as a template from its page, or from the sequence step of a new campaign. Or start from a built-in template below.
              </Text>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
              {own.map((t) => (
                <TemplateCard key={t.id} template={t} onRename={() => setRenaming(t)} onDelete={() => setDeleting(t)} />
              ))}
            </SimpleGrid>
          )}
          <Title order={2} size="h4">
            Built-in templates
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
            {all
              .filter((t) => t.builtIn)
              .map((t) => (
                <TemplateCard key={t.id} template={t} />
              ))}
          </SimpleGrid>
        </>
      )}
      {renaming && <RenameModal template={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteModal template={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
