import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextInputField, type TextInputFieldProps } from './text-input-field';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextInputFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A TextInputField bound to react-hook-form, showing the schema's message under the field. */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInputField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid ? (fieldState.error?.message ?? '') : undefined}
        />
      )}
    />
  );
}
