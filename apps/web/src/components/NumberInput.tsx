import { TextInput, type NumberInputProps } from '@mantine/core';
import { lazy, Suspense, useState, useSyncExternalStore, type ChangeEvent, type ComponentType } from 'react';

// Mantine's NumberInput brings react-number-format (about 10 KiB gzipped). A screen with number
// boxes (the search filters) paints with plain text boxes that already take numbers; the formatted
// box is fetched when a pointer or the focus first reaches one, and takes over once it is loaded
// and the plain box is not being typed in. Number values only, as every caller uses it.
const load = () => import('./MantineNumberInput').then((module) => ({ default: module.NumberInput as ComponentType<NumberInputProps> }));
const MantineNumberInput = lazy(load);
let requested = false;
let loaded = false;
const listeners = new Set<() => void>();
function request() {
  if (requested) return;
  requested = true;
  void load().then(() => {
    loaded = true;
    listeners.forEach((listener) => listener());
  });
}
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
const useLoaded = () => useSyncExternalStore(subscribe, () => loaded);

/** What a typed text means as a number box's value: '' when empty, the number when it is one. */
function numberOf(text: string) {
  const bare = text.replace(/[^\d.-]/g, '');
  return bare === '' || Number.isNaN(Number(bare)) ? bare : Number(bare);
}

/** Mantine's NumberInput, loaded when first reached for; until then a plain box that takes numbers. */
export function NumberInput(props: NumberInputProps) {
  const ready = useLoaded();
  const [typing, setTyping] = useState(false);
  const { label, description, placeholder, w, size, value, error, disabled } = props;
  const plain = (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      aria-label={props['aria-label']}
      w={w}
      size={size}
      error={error}
      disabled={disabled}
      inputMode="numeric"
      value={value === undefined ? '' : String(value)}
      onPointerEnter={request}
      onFocus={() => (request(), setTyping(true))}
      onBlur={() => setTyping(false)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange?.(numberOf(event.currentTarget.value))}
    />
  );
  if (!ready || typing) return plain;
  return (
    <Suspense fallback={plain}>
      <MantineNumberInput {...props} />
    </Suspense>
  );
}
