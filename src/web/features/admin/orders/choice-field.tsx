import type { ReactNode } from 'react';

export interface Choice<T> {
  value: T;
  label: string;
}

/**
 * A required choice between a few answers as radio buttons under their question (the plan, the dorm question):
 * the question names the group, and its error is read with it.
 */
export function ChoiceField<T extends string | boolean>({
  id,
  legend,
  choices,
  value,
  onChange,
  error,
  children,
}: {
  id: string;
  legend: string;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string;
  /** Shown under the answers (what the chosen answer means). */
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm leading-none font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {choices.map((choice) => (
          <label key={String(choice.value)} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={id}
              value={String(choice.value)}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-invalid={Boolean(error)}
              className="size-4 accent-primary"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
