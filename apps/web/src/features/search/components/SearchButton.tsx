import { Badge, Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { costDescription, costLabel } from '../search-cost';

/**
 * The sidebar's Search button with what it costs (issue 18: the cost is on the button). The cost
 * badge is left out of the button's name, which stays "Search"; screen readers get the rule as
 * the button's description.
 */
export function SearchButton({ cost, searching }: { cost: number; searching: boolean }) {
  const descriptionId = useId();
  const description = costDescription(cost);
  return (
    <>
      <Tooltip label={description} multiline w={260} withArrow openDelay={400}>
        <Button
          type="submit"
          fullWidth
          leftSection={<IconSearch size={16} />}
          rightSection={
            <Badge size="sm" variant="white" aria-hidden data-testid="search-cost">
              {costLabel(cost)}
            </Badge>
          }
          loading={searching}
          aria-describedby={descriptionId}
          data-tour="search-run"
        >
          Search
        </Button>
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{description}</VisuallyHidden>
    </>
  );
}
