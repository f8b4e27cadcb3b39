import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';

/** The product name with its mark, for screens outside the app shell. */
export function BrandMark() {
  return (
    <Group gap="xs" justify="center">
      <ThemeIcon size={36} radius="md" variant="filled">
        <IconTargetArrow size={22} stroke={1.8} />
      </ThemeIcon>
      <Text fz={24} fw={700}>
        Leadline
      </Text>
    </Group>
  );
}
