import { TextInput, type NumberInputProps } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';

// Mantine's NumberInput brings react-number-format (about 10 KiB gzipped): fetched when a number
// box first renders, so a screen that shows one later (a closed filter, a dialog) does not wait.
// Number values only (Mantine's is generic over bigint too), as every caller uses it.
const MantineNumberInput = lazy(() =>
  import('./MantineNumberInput').then((module) => ({ default: module.NumberInput as ComponentType<NumberInputProps> })),
);

/** Mantine's NumberInput, loaded on first render; until then a read-only box with the same label. */
export function NumberInput(props: NumberInputProps) {
  const { label, description, placeholder, w, size, value } = props;
  const fallback = (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      aria-label={props['aria-label']}
      w={w}
      size={size}
      value={value === undefined ? '' : String(value)}
      readOnly
    />
  );
  return (
    <Suspense fallback={fallback}>
      <MantineNumberInput {...props} />
    </Suspense>
  );
}
