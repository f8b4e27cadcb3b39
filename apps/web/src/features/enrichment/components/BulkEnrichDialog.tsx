import {
  affordableBulkCount,
  BULK_ENRICH_MAX,
  clampBulkCount,
  ENRICHMENT_MESSAGES,
  enrichmentCostPerProspect,
  enrichTypeOf,
  LISTS_MESSAGES,
  maximumCredits,
  SEARCH_RUN_COST,
  type BulkEnrichBodyInput,
  type EnrichInput,
  type EnrichType,
  type SearchFilters,
} from '@leadline/shared';
import { Alert, Anchor, Button, Checkbox, Group, Modal, NumberInput, Radio, Stack, Stepper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useCreditsInfo } from '../../credits/api';
import { FileDropzone } from '../../files/components/FileDropzone';
import { useFileUpload } from '../../files/use-file-upload';
import { ListChoiceInput, useListChoice } from '../../lists/components/ListChoiceInput';
import { listTargetOf } from '../../lists/list-choice';
import { downloadTemplate, enrichFailure, useBulkEnrich, usePricing } from '../api';

/** Where the prospects come from. `file` is the Enrich CSV flow (spec §2). */
export type EnrichSource =
  | { kind: 'selection'; inputs: EnrichInput[] }
  | { kind: 'search'; filters: SearchFilters; total: number }
  | { kind: 'list'; listId: string; listName: string; name: string | undefined; total: number }
  | { kind: 'file' };

const SOURCE_LABELS: Record<EnrichSource['kind'], string> = {
  selection: 'The selected prospects',
  search: 'The current search results',
  list: 'This list',
  file: 'A CSV or Excel file',
};

type BulkEnrichDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The sources offered; with more than one, or with a file, step 1 chooses. */
  sources: EnrichSource[];
  initialType?: EnrichType;
};

/** Said before submitting: the server refuses (402) a job whose maximum exceeds the balance. */
function overBalanceMessage(maxCredits: number, balance: number, perProspect: number, counted: boolean): string {
  const needs = `This can cost up to ${maxCredits.toLocaleString('en-US')} credits, more than your balance of ${balance.toLocaleString('en-US')}.`;
  const affordable = perProspect > 0 ? Math.floor(Math.max(0, balance) / perProspect) : 0;
  if (affordable === 0) return `${needs} Your balance does not cover one prospect: buy credits or wait for the next period.`;
  return counted
    ? `${needs} Lower the number of prospects to ${affordable.toLocaleString('en-US')} or fewer, or untick a channel.`
    : `${needs} Choose ${affordable.toLocaleString('en-US')} prospects or fewer, or untick a channel.`;
}

const prospectsOf = (source: EnrichSource, fileRows: number) =>
  source.kind === 'selection' ? source.inputs.length : source.kind === 'file' ? fileRows : source.total;

/**
 * Bulk Enrich and Enrich CSV (spec §2, §5): step 1 the source (a file needs to be sent before
 * Next), step 2 the count (clamped 1..min(prospects, cap)), the list, phone and/or email, and
 * the maximum credits; only accurate matches are charged.
 */
export function BulkEnrichDialog({ opened, onClose, title, sources, initialType = 'all' }: BulkEnrichDialogProps) {
  const pricing = usePricing();
  const chooses = sources.length > 1 || sources[0]?.kind === 'file';
  const [step, setStep] = useState(chooses ? 0 : 1);
  const [sourceIndex, setSourceIndex] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [channels, setChannels] = useState({ email: initialType !== 'phone', phone: initialType !== 'email' });
  const [error, setError] = useState<{ step: number; message: string; warning?: boolean } | null>(null);
  const upload = useFileUpload();
  // Enriching a list fills that same list unless the user names another.
  const initialListName = sources.length === 1 && sources[0]?.kind === 'list' ? sources[0].listName : '';
  const list = useListChoice('contactList', opened && step === 1, () => setError(null), initialListName);
  const bulk = useBulkEnrich();

  const source = sources[sourceIndex] ?? sources[0]!;
  const prospects = prospectsOf(source, upload.uploaded?.rowCount ?? 0);
  const counted = source.kind === 'search' || source.kind === 'list';
  const enrichType = enrichTypeOf(channels);
  const balance = useCreditsInfo().data?.available;
  // Until the user types a count, it follows what the balance pays for with the channels ticked,
  // keeping room for the search run that people taken from search filters may cost first.
  const spendable = balance === undefined ? undefined : source.kind === 'search' ? Math.max(0, balance - SEARCH_RUN_COST) : balance;
  const defaultCount =
    spendable === undefined || !enrichType
      ? prospects
      : affordableBulkCount(spendable, enrichmentCostPerProspect(enrichType, pricing), prospects, BULK_ENRICH_MAX);
  const effectiveCount = counted ? clampBulkCount(count ?? defaultCount, prospects, BULK_ENRICH_MAX) : prospects;
  const maxCredits = enrichType ? maximumCredits(enrichType, pricing, effectiveCount) : 0;
  const overBalance = balance !== undefined && maxCredits > balance;

  const close = () => {
    setStep(chooses ? 0 : 1);
    setSourceIndex(0);
    setCount(null);
    list.reset();
    setError(null);
    upload.reset();
    bulk.reset();
    onClose();
  };

  const inputsSource = (): Pick<BulkEnrichBodyInput, 'inputs' | 'inputsSource'> => {
    switch (source.kind) {
      case 'selection':
        return { inputs: source.inputs, inputsSource: { type: 'inputs' } };
      case 'search':
        return { inputsSource: { type: 'searchFilters', searchFilters: source.filters, limit: effectiveCount } };
      case 'list':
        return { inputsSource: { type: 'list', targetListId: source.listId, targetListState: source.name ? { name: source.name } : {}, limit: effectiveCount } };
      case 'file':
        return { inputsSource: { type: 'file', attachedFileInfo: { _id: upload.uploaded!._id } } };
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { error: listError, target } = listTargetOf(list.choice);
    if (listError) return setError({ step: 1, message: listError });
    if (!enrichType) return setError({ step: 1, message: 'Choose phone, email or both.' });
    if (!target || prospects === 0) return;
    bulk.mutate(
      { ...inputsSource(), enrichType, ...('existingListId' in target ? target : { newListTitle: target.newListName }) },
      {
        onSuccess: () => {
          notify.success(source.kind === 'file' ? ENRICHMENT_MESSAGES.fileBeingEnriched : ENRICHMENT_MESSAGES.prospectsBeingEnriched);
          close();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400 && failure.field?.startsWith('inputsSource')) {
            setStep(0);
            return setError({ step: 0, message: failure.fieldMessage });
          }
          if (source.kind === 'file' && isApiError(failure) && failure.status === 409) {
            return setError({ step: 1, message: ENRICHMENT_MESSAGES.allAlreadyEnrichedWarning, warning: true });
          }
          notify.error(enrichFailure(failure, source.kind === 'selection' ? 'selection' : 'bulk'));
        },
      },
    );
  };

  const stepError = (at: number) =>
    error && error.step === at ? (
      <Alert color={error.warning ? 'yellow' : 'red'} variant="light" role="alert">
        {error.message}
      </Alert>
    ) : null;

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep}>
            <Stepper.Step label="Source" description="What to enrich">
              <Stack mt="md">
                {sources.length > 1 && (
                  <Radio.Group
                    label="Enrich"
                    value={String(sourceIndex)}
                    onChange={(value) => {
                      setSourceIndex(Number(value));
                      setError(null);
                    }}
                  >
                    <Stack gap="xs" mt={4}>
                      {sources.map((s, i) => (
                        <Radio
                          key={s.kind}
                          value={String(i)}
                          label={s.kind === 'file' ? SOURCE_LABELS.file : `${SOURCE_LABELS[s.kind]} (${prospectsOf(s, 0).toLocaleString('en-US')} prospects)`}
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                )}
                {source.kind === 'file' && (
                  <>
                    <FileDropzone upload={upload} hint="One column 'LinkedinURLs', or the columns 'Name', 'Company' and 'Location'." />
                    <Group gap="md">
                      <Text size="sm" c="dimmed">
                        Templates:
                      </Text>
                      <Anchor component="button" type="button" size="sm" onClick={() => downloadTemplate('linkedin')}>
                        <Group gap={4}>
                          <IconDownload size={14} /> LinkedIn URLs
                        </Group>
                      </Anchor>
                      <Anchor component="button" type="button" size="sm" onClick={() => downloadTemplate('data')}>
                        <Group gap={4}>
                          <IconDownload size={14} /> Data (Name, Company, Location)
                        </Group>
                      </Anchor>
                    </Group>
                  </>
                )}
                {stepError(0)}
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Settings" description="Count, list and channels">
              <Stack mt="md">
                {counted ? (
                  <NumberInput
                    label="Number of prospects"
                    description={`Between 1 and ${Math.max(1, Math.min(prospects, BULK_ENRICH_MAX)).toLocaleString('en-US')}`}
                    min={1}
                    max={Math.max(1, Math.min(prospects, BULK_ENRICH_MAX))}
                    allowDecimal={false}
                    allowNegative={false}
                    value={count ?? effectiveCount}
                    onChange={(value) => setCount(typeof value === 'number' ? value : null)}
                    onBlur={() => setCount(effectiveCount)}
                  />
                ) : (
                  <Text size="sm">{prospects === 1 ? '1 prospect' : `${prospects.toLocaleString('en-US')} prospects`}</Text>
                )}
                <ListChoiceInput {...list.input} error={error?.message === LISTS_MESSAGES.listRequired ? error.message : null} />
                <Group gap="lg">
                  <Checkbox label="Phone" checked={channels.phone} onChange={(e) => {
                      // Read now: React clears the event's currentTarget before a state updater runs.
                      const phone = e.currentTarget.checked;
                      setChannels((c) => ({ ...c, phone }));
                    }} />
                  <Checkbox label="Email" checked={channels.email} onChange={(e) => {
                      const email = e.currentTarget.checked;
                      setChannels((c) => ({ ...c, email }));
                    }} />
                </Group>
                <Group gap="lg">
                  <Text size="sm" fw={600} data-testid="maximum-credits">
                    Maximum credits: {maxCredits.toLocaleString('en-US')}
                  </Text>
                  {balance !== undefined && (
                    <Text size="sm" c="dimmed" data-testid="credits-balance">
                      Your balance: {balance.toLocaleString('en-US')} credits
                    </Text>
                  )}
                </Group>
                {overBalance && (
                  <Alert color="yellow" variant="light" data-testid="over-balance">
                    {overBalanceMessage(maxCredits, balance, enrichType ? enrichmentCostPerProspect(enrichType, pricing) : 0, counted)}
                  </Alert>
                )}
                <Text size="sm" c="dimmed">
                  {ENRICHMENT_MESSAGES.onlyAccurateCharged}
                </Text>
                {error?.message !== LISTS_MESSAGES.listRequired && stepError(1)}
              </Stack>
            </Stepper.Step>
          </Stepper>
          <Group justify="flex-end" mt="sm">
            {step === 0 ? (
              <>
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                {/* Keys keep React from turning this very button into the submit button mid-click. */}
                <Button key="next" onClick={() => setStep(1)} disabled={source.kind === 'file' ? !upload.uploaded : prospects === 0}>
                  Next
                </Button>
              </>
            ) : (
              <>
                {chooses ? (
                  <Button variant="default" onClick={() => setStep(0)}>
                    Back
                  </Button>
                ) : (
                  <Button variant="default" onClick={close}>
                    Cancel
                  </Button>
                )}
                <Button key="submit" type="submit" loading={bulk.isPending} disabled={list.choice.kind === 'pending' || !enrichType || prospects === 0}>
                  Enrich
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
