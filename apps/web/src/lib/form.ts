import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from './api';

type Path = string;
type Errors = Record<Path, string>;

function getIn(source: unknown, path: Path): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
}

function setIn<T>(source: T, path: Path, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const current = (source as Record<string, unknown>)[key];
  const next = rest.length ? setIn(current, rest.join('.'), value) : value;
  if (Array.isArray(source)) {
    const copy = [...source];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...source, [key]: next };
}

function isChangeEvent(value: unknown): value is { currentTarget: { value: string } } {
  return typeof value === 'object' && value !== null && 'currentTarget' in value;
}

/**
 * Form state validated by a shared zod schema. Error keys are dotted paths ("members.0.email"),
 * the same paths the server names in `error.field`, so both kinds of error land under the input.
 */
export function useZodForm<S extends z.ZodType>(schema: S, initialValues: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setFieldValue = (path: Path, value: unknown) => {
    setValues((current) => setIn(current, path, value));
    setErrors(({ [path]: _cleared, ...others }) => others);
  };

  return {
    values,
    errors,
    /** An error about the whole form (no field named), shown above the submit button. */
    formError,
    setValues,
    setFieldValue,
    getInputProps: (path: Path) => ({
      value: (getIn(values, path) ?? '') as string,
      onChange: (input: unknown) => setFieldValue(path, isChangeEvent(input) ? input.currentTarget.value : input),
      error: errors[path],
    }),
    onSubmit: (handler: (data: z.output<S>) => void) => (event: FormEvent) => {
      event.preventDefault();
      setFormError(null);
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
        return;
      }
      setErrors({});
      handler(parsed.data);
    },
    /** Shows a failed submission: under the field the server named, otherwise for the whole form. */
    showServerError: (error: unknown) => {
      const field = isApiError(error) ? error.field : undefined;
      if (isApiError(error) && field && getIn(values, field) !== undefined) {
        setErrors((current) => ({ ...current, [field]: error.fieldMessage }));
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    },
    clearErrors: () => {
      setErrors({});
      setFormError(null);
    },
    reset: () => {
      setValues(initialValues);
      setErrors({});
      setFormError(null);
    },
  };
}
