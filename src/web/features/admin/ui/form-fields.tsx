import { Controller, useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Field } from '@/web/components/ui/field';
import { Label } from '@/web/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { SelectOptions, type FilterOption } from './filter-select';

/** A dropdown field of a react-hook-form form, with its label and its validation message. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
  placeholder,
  options,
  onValueChange,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string | undefined>;
  id: string;
  label: string;
  description?: string;
  placeholder?: string;
  options: readonly FilterOption[];
  /** Called after the form has the new value (a template choice fills in the e-mail). */
  onValueChange?: (value: string) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field id={id} label={label} error={fieldState.error?.message} description={description}>
      {(props) => (
        <Select
          value={field.value ?? ''}
          onValueChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
        >
          <SelectTrigger {...props} onBlur={field.onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectOptions options={options} />
        </Select>
      )}
    </Field>
  );
}

/** A yes/no field of a react-hook-form form: a checkbox with its label beside it. */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  id,
  label,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  id: string;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={field.value} onCheckedChange={(checked) => field.onChange(checked)} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}
