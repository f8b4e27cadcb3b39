import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { CAMPAIGN_TEMPLATE_LIMITS, CAMPAIGN_TEMPLATE_MESSAGES, CampaignCreateBody, type CampaignTemplateDto } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { useBreadcrumbTail } from '../../../components/shell/breadcrumbs';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { StepEditor, type DraftStep } from '../components/StepEditor';
import { draftStepsOfTemplate, issueText, stepsOf } from '../components/steps-input';
import { useTemplate, useUpdateTemplate } from '../templates-api';

const TEMPLATES = '/engage/sequences/campaign-templates';

/** /engage/sequences/campaign-templates/:templateId: one of the team's templates, its name and steps edited in place. */
export function TemplateEditPage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  useBreadcrumbTail(template.data?.name);

  if (template.isLoading) return <PageLoading />;
  if (!template.data) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          Template
        </Title>
        <Alert color="red" role="alert">
          {isApiError(template.error) ? template.error.message : 'There was an error fetching the template. Please try again later!'}
        </Alert>
        <Button component={Link} to={TEMPLATES} variant="default">
          Back to templates
        </Button>
      </Stack>
    );
  }
  if (template.data.builtIn) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          {template.data.name}
        </Title>
        <Alert color="gray">{CAMPAIGN_TEMPLATE_MESSAGES.builtInReadOnly}. Start a campaign from it, then save its steps as a template of your own.</Alert>
        <Group>
          <Button component={Link} to={`/engage/sequences/new-campaign?template=${encodeURIComponent(template.data.id)}`}>
            Use template
          </Button>
          <Button component={Link} to={TEMPLATES} variant="default">
            Back to templates
          </Button>
        </Group>
      </Stack>
    );
  }

  return <TemplateForm template={template.data} />;
}

function TemplateForm({ template }: { template: CampaignTemplateDto }) {
  const navigate = useNavigate();
  const update = useUpdateTemplate();
  const [name, setName] = useState(template.name);
  const [steps, setSteps] = useState<DraftStep[]>(() => draftStepsOfTemplate(template));
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (!name.trim()) return setError(CAMPAIGN_TEMPLATE_MESSAGES.nameRequired);
    const parsed = CampaignCreateBody.shape.steps.safeParse(stepsOf(steps));
    if (!parsed.success) return setError(issueText({ ...parsed.error.issues[0]!, path: ['steps', ...parsed.error.issues[0]!.path] }));
    setError(null);
    update.mutate(
      { id: template.id, name: name.trim(), steps: parsed.data },
      {
        onSuccess: () => {
          notify.success(CAMPAIGN_TEMPLATE_MESSAGES.updated);
          void navigate(TEMPLATES);
        },
        onError: (e) => setError(isApiError(e) ? e.message : CAMPAIGN_TEMPLATE_MESSAGES.nameTaken),
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Edit template
      </Title>
      <Text size="sm" c="dimmed">
        Campaigns already started from this template keep their own steps.
      </Text>
      <TextInput label="Template name" required maw={480} maxLength={CAMPAIGN_TEMPLATE_LIMITS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <StepEditor steps={steps} onChange={setSteps} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button component={Link} to={TEMPLATES} variant="default">
          Cancel
        </Button>
        <Button onClick={save} loading={update.isPending}>
          Save template
        </Button>
      </Group>
    </Stack>
  );
}
