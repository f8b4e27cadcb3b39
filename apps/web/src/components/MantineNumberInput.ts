// Its own module so that the lazy import in NumberInput.tsx makes a chunk of NumberInput alone.
export { NumberInput } from '@mantine/core';
