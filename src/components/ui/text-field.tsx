import { useId, type ChangeEvent, type HTMLAttributes } from "react";
import "./text-field.css";

export interface TextFieldProps {
  label: string;
  name: string;
  /** the input's id; one is made up when absent */
  id?: string;
  type?: "text" | "email" | "tel" | "password";
  /** a controlled field's value; without it the field keeps its own (read it from the form's data) */
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** draws the field in the error colour and marks it aria-invalid */
  error?: boolean;
  /** the text under the field (its error or a hint), which describes it (aria-describedby) */
  helperText?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  pattern?: string;
  /** a textarea of at least 5 rows that grows with its text */
  multiline?: boolean;
}

/**
 * A labelled field drawn as MUI's outlined TextField: the label sits inside the field and floats onto its border
 * once the field is focused or filled (text-field.css; "filled" is read from :placeholder-shown, so controlled and
 * uncontrolled fields alike). Same markup contract as MUI's: the label names the input, the asterisk is hidden
 * from assistive technology, the helper text's id is `<id>-helper-text`.
 */
export function TextField({
  label,
  id: givenId,
  type = "text",
  error = false,
  helperText,
  required,
  multiline,
  ...input
}: TextFieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const helperId = `${id}-helper-text`;
  const shared = {
    ...input,
    id,
    required,
    // a blank placeholder makes :placeholder-shown mean "empty" (the label's resting place)
    placeholder: " ",
    className: "text-field__input",
    "aria-invalid": error,
    "aria-describedby": helperText ? helperId : undefined,
  };
  return (
    <div className={`text-field${error ? " text-field--error" : ""}`}>
      <label className="text-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true">{"\u2009*"}</span>}
      </label>
      {multiline ? <textarea {...shared} rows={5} /> : <input {...shared} type={type} />}
      {helperText && (
        <p className="text-field__helper" id={helperId}>
          {helperText}
        </p>
      )}
    </div>
  );
}
