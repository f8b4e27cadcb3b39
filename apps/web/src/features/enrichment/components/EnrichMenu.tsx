import { ENRICHMENT_MESSAGES, type EnrichInput, type EnrichType } from '@leadline/shared';
import { Button, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown, IconSparkles } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { enrichFailure, useEnrichSingle } from '../api';

/** The three enrich choices of spec §2, in its order. */
export const ENRICH_CHOICES: Array<{ type: EnrichType; label: string }> = [
  { type: 'all', label: 'Phone and email' },
  { type: 'phone', label: 'Phone' },
  { type: 'email', label: 'Email' },
];
const LOADING_LABELS: Record<EnrichType, string> = { all: 'Enriching…', phone: 'Finding phone…', email: 'Finding email…' };

type EnrichRowMenuProps = {
  input: EnrichInput;
  /** The prospect's name, for screen readers. */
  name: string;
  /** Spec §5: without a LinkedIn URL, or a full name and company, the button is disabled with a tooltip. */
  enrichable: boolean;
};

/** Per-row Enrich (spec §2, §4): a menu of the three choices, with a loader for the row and the type asked. */
export function EnrichRowMenu({ input, name, enrichable }: EnrichRowMenuProps) {
  const enrich = useEnrichSingle();
  if (!enrichable) {
    return (
      <Tooltip label={ENRICHMENT_MESSAGES.cannotEnrich} multiline w={260} withArrow position="left">
        {/* aria-disabled, not disabled: a disabled button gets no hover, so no tooltip. */}
        <Button size="compact-sm" variant="light" data-disabled aria-disabled="true" aria-label={`Enrich ${name}`} onClick={(event) => event.preventDefault()}>
          Enrich
        </Button>
      </Tooltip>
    );
  }
  const run = (enrichType: EnrichType) =>
    enrich.mutate({ enrichType, input }, { onError: (error) => notify.error(enrichFailure(error, 'row')) });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          loading={enrich.isPending}
          loaderProps={{ type: 'dots' }}
          aria-label={enrich.isPending ? `${LOADING_LABELS[enrich.variables.enrichType]} ${name}` : `Enrich ${name}`}
          rightSection={<IconChevronDown size={14} />}
        >
          Enrich
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ENRICH_CHOICES.map((choice) => (
          <Menu.Item key={choice.type} leftSection={<IconSparkles size={14} />} onClick={() => run(choice.type)}>
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
