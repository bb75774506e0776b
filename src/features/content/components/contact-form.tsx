import { useId, type ChangeEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { useContactForm } from "../hooks/use-contact-form";
import type { ContactField, ContactProblem } from "../utils/contact-form";
import { useHydrated } from "@/render/server-render";
import "./contact.css";

/** The contact form: name, e-mail, phone, subject and message (POST contactrequest). */
export function ContactForm() {
  const { t } = useLingui();
  const form = useContactForm();
  const hydrated = useHydrated();
  const id = useId();

  const messages: Record<ContactField, Partial<Record<ContactProblem, string>>> = {
    name: { required: t`Please enter your name.`, "too-long": t`The name is too long.` },
    email: {
      required: t`Please enter your e-mail address.`,
      invalid: t`Please enter a valid e-mail address, like name@example.com.`,
      "too-long": t`The e-mail address is too long.`,
    },
    phone: {
      invalid: t`Please enter a phone number with digits only (spaces, +, -, and brackets allowed).`,
      "too-long": t`The phone number is too long.`,
    },
    subject: { "too-long": t`The subject is too long (300 characters at most).` },
    message: {
      required: t`Please write your message.`,
      "too-long": t`The message is too long (5000 characters at most).`,
    },
  };
  const field = (name: ContactField) => {
    const problem = form.problems[name];
    return {
      id: `${id}-${name}`,
      name,
      value: form.values[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        form.setValue(name, e.target.value),
      error: Boolean(problem),
      helperText: problem ? (messages[name][problem] ?? t`Please check this field.`) : undefined,
    };
  };

  return (
    <form className="contact-form" noValidate onSubmit={form.handleSubmit} aria-label={t`Contact form`}>
      {form.unavailableMessage && <Alert severity="warning">{form.unavailableMessage}</Alert>}
      {form.isWaitingForConnection && (
        <Alert severity="info" role="status">
          {t`The shop cannot be reached right now. Your message is kept and will be sent when the connection returns.`}
        </Alert>
      )}
      <div className="contact-form__row">
        <TextField {...field("name")} label={t`Name`} autoComplete="name" required />
        <TextField {...field("email")} label={t`Email`} type="email" autoComplete="email" required />
      </div>
      <div className="contact-form__row">
        <TextField {...field("phone")} label={t`Phone`} type="tel" autoComplete="tel" />
        <TextField {...field("subject")} label={t`Subject`} />
      </div>
      <TextField {...field("message")} label={t`Message`} multiline required />
      <button
        type="submit"
        className="ui-btn ui-btn--contained ui-btn--large contact-form__submit"
        disabled={form.isSending || !hydrated}
      >
        {form.isSending ? t`Sending…` : t`Send Message`}
      </button>
    </form>
  );
}
