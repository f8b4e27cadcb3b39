import { ActionIcon, CloseButton, Group, Text, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { OptionValue } from '../filter-values';
import classes from './filters.module.css';

type ValueChipsProps = {
  values: readonly OptionValue[];
  /** Whether a value can be turned into an exclusion. */
  excludable: boolean;
  onToggle: (value: string) => void;
  onRemove: (value: string) => void;
};

/**
 * The chosen values of a filter. Each can flip between include and exclude: an excluded value is
 * red, struck through and marked with a minus.
 */
export function ValueChips({ values, excludable, onToggle, onRemove }: ValueChipsProps) {
  if (values.length === 0) return null;
  return (
    <Group gap={6} mt={6}>
      {values.map((option) => {
        const excluded = option.status === 'exclude';
        const action = excluded ? `Include ${option.label}` : `Exclude ${option.label}`;
        return (
          <Group
            key={option.value}
            gap={2}
            wrap="nowrap"
            className={classes.chip}
            data-excluded={excluded || undefined}
            data-testid="filter-chip"
          >
            {excludable && (
              <Tooltip label={excluded ? 'Excluded: click to include' : 'Included: click to exclude'} withArrow>
                <ActionIcon
                  size="xs"
                  radius="xl"
                  variant="subtle"
                  color={excluded ? 'red' : 'indigo'}
                  aria-label={action}
                  aria-pressed={excluded}
                  onClick={() => onToggle(option.value)}
                >
                  {excluded ? <IconMinus size={12} stroke={2.4} /> : <IconPlus size={12} stroke={2.4} />}
                </ActionIcon>
              </Tooltip>
            )}
            <Text size="xs" fw={500} className={classes.chipLabel} title={excluded ? `Excluded: ${option.label}` : option.label}>
              {option.label}
            </Text>
            <CloseButton size="xs" radius="xl" aria-label={`Remove ${option.label}`} onClick={() => onRemove(option.value)} />
          </Group>
        );
      })}
    </Group>
  );
}
