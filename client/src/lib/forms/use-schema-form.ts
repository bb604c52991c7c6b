import { type ChangeEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import * as z from 'zod/mini';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

/** A form's schema: a zod/mini object from server/contracts, one top-level key per control. */
type FormSchema = z.ZodMiniObject;

/** The fields of a form: the top-level keys of its schema. */
export type FieldName<S extends FormSchema> = Extract<keyof z.input<S>, string>;

/** What a native control holds for a field: a tick for a boolean (a checkbox), text for anything else. */
type ControlValue<T> = [NonNullable<T>] extends [boolean] ? boolean : string;

/** The form's values as the controls hold them, one per field: not yet parsed, so not yet trusted. */
export type EnteredValues<S extends FormSchema> = { [K in FieldName<S>]-?: ControlValue<z.input<S>[K]> };

/** The fields whose control holds a value of type V (text or a tick). */
type FieldsHolding<S extends FormSchema, V> = {
  [K in FieldName<S>]: EnteredValues<S>[K] extends V ? K : never;
}[FieldName<S>];

/** Each field's message: the first the schema (or the server) gave it. */
export type FieldErrors<S extends FormSchema> = Partial<Record<FieldName<S>, string>>;

type TextControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Parses with the spec's error map, as the server does (server/plugins/request-validation.ts), so
 * both edges answer with the same Japanese messages.
 */
function parseForm<S extends FormSchema>(schema: S, values: EnteredValues<S>) {
  return z.safeParse(schema, values, { error: specErrorMap });
}

/**
 * The first message of each field. An issue of the form as a whole (an empty path) has no field to
 * show under, so it is left out: give such a check a `path` to place its message.
 */
function firstMessages<S extends FormSchema>(issues: readonly z.core.$ZodIssue[]): FieldErrors<S> {
  const messages: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const [field] = issue.path;
    if (typeof field === 'string') messages[field] ??= issue.message;
  }
  return messages as FieldErrors<S>;
}

/** The control that comes first on the page, so the sender starts where the form needs them. */
function firstInPageOrder(elements: HTMLElement[]): HTMLElement | undefined {
  return elements.toSorted((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0];
}

/**
 * A form checked with the same zod/mini schema the server validates with, on React state (it
 * replaces react-hook-form, which cost the public pages ~12 KB of gzipped script). It keeps
 * react-hook-form's default behaviour:
 * - nothing is checked while the user first fills the form in; a submit checks the whole form,
 *   shows each field's first message and focuses the first field in error;
 * - after that first submit, a field's message follows its value as it changes (gone as soon as
 *   the value is valid);
 * - `setError` puts a message the server answered under its field, until that field changes or
 *   the form is submitted again;
 * - `isSubmitting` holds while the submit handler runs (a disabled send button).
 *
 * Every control is controlled, so each field needs a default value: '' for text and selects,
 * false for a checkbox. Flat forms only: an issue's first path key names the field it belongs to.
 *
 *   const form = useSchemaForm(inquiryRequestSchema, { defaultValues: { inquiry_name: '', … } });
 *   <form onSubmit={form.handleSubmit(send)}>
 *     <input {...form.register('inquiry_name')} />
 *     {form.errors.inquiry_name}
 */
export function useSchemaForm<S extends FormSchema>(schema: S, options: { defaultValues: EnteredValues<S> }) {
  // The first render's defaults, like react-hook-form: `reset` goes back to them.
  const [defaultValues] = useState(options.defaultValues);
  const [values, setValues] = useState(defaultValues);
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<S>>({});
  const controls = useRef(new Map<string, HTMLElement>());

  // Derived rather than stored: once submitted, each field shows what its current value is worth.
  const errors = useMemo<FieldErrors<S>>(() => {
    const result = submitted ? parseForm(schema, values) : undefined;
    const checked = result?.success === false ? firstMessages<S>(result.error.issues) : {};
    return { ...checked, ...serverErrors };
  }, [schema, values, submitted, serverErrors]);

  function change(name: FieldName<S>, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (current[name] === undefined) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }

  function refFor(name: FieldName<S>) {
    return (element: HTMLElement | null) => {
      if (element) controls.current.set(name, element);
      else controls.current.delete(name);
    };
  }

  return {
    values,
    errors,
    isSubmitting,

    /** The props of a text input, select or text area for `name`. */
    register(name: FieldsHolding<S, string>) {
      return {
        name,
        value: values[name],
        onChange: (event: ChangeEvent<TextControl>) => change(name, event.target.value),
        ref: refFor(name),
        'aria-invalid': errors[name] !== undefined,
      };
    },

    /** The props of a checkbox for `name` (a boolean field). */
    registerCheckbox(name: FieldsHolding<S, boolean>) {
      return {
        name,
        checked: values[name] === true,
        onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.checked),
        ref: refFor(name),
        'aria-invalid': errors[name] !== undefined,
      };
    },

    /**
     * Sets a field from a control that is not a native input (a rich-text editor), exactly as
     * typing into a registered one would.
     */
    setValue<K extends FieldName<S>>(name: K, value: EnteredValues<S>[K]) {
      change(name, value);
    },

    /** Puts a message under a field, e.g. a field error the server answered. */
    setError(name: FieldName<S>, message: string) {
      setServerErrors((current) => ({ ...current, [name]: message }));
    },

    /**
     * Puts the server's field errors (a refused save's `errors`) under the form's fields, the first
     * message of each. Answers the messages of names the form has no field for, for the page to
     * show elsewhere (a toast).
     */
    showServerErrors(fieldErrors: Readonly<Record<string, readonly string[]>>): string[] {
      const placed: Partial<Record<string, string>> = {};
      const unplaced: string[] = [];
      for (const [name, [message]] of Object.entries(fieldErrors)) {
        if (message === undefined) continue;
        if (Object.hasOwn(schema.shape, name)) placed[name] ??= message;
        else unplaced.push(message);
      }
      setServerErrors((current) => ({ ...current, ...placed }));
      return unplaced;
    },

    /** Back to the default values, with no messages, as if never submitted. */
    reset() {
      setValues(defaultValues);
      setSubmitted(false);
      setServerErrors({});
    },

    /** The form's onSubmit: checks the whole form, then hands the parsed values to `send`. */
    handleSubmit(send: (parsed: z.output<S>) => Promise<void> | void) {
      return async (event?: FormEvent) => {
        event?.preventDefault();
        const result = parseForm(schema, values);
        // Rendered at once, so the focused field is already described by its message when it is read out.
        flushSync(() => {
          setSubmitted(true);
          setServerErrors({});
        });
        if (!result.success) {
          const invalid = firstMessages<S>(result.error.issues);
          const invalidControls = [...controls.current]
            .filter(([name]) => name in invalid)
            .map(([, element]) => element);
          firstInPageOrder(invalidControls)?.focus();
          return;
        }
        setIsSubmitting(true);
        try {
          await send(result.data);
        } finally {
          setIsSubmitting(false);
        }
      };
    },
  };
}
