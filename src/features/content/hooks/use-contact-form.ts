import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { useRef, useState, type FormEvent } from "react";
import { ApiError, isMissingService, newIdempotencyKey } from "@/api/client";
import { contentMutations } from "@/api/content";
import {
  EMPTY_CONTACT,
  serverProblems,
  validateContact,
  type ContactField,
  type ContactProblems,
  type ContactValues,
} from "../utils/contact-form";

/**
 * The contact form's logic: validation, POST contactrequest and the SPEC §8 toast (success when the
 * reply's status is 200, otherwise error). The fields are only cleared after a success, so a failure
 * never loses what the shopper wrote; a retry of unchanged fields reuses its idempotency key.
 */
export function useContactForm() {
  const { t } = useLingui();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [problems, setProblems] = useState<ContactProblems>({});
  const [isUnavailable, setUnavailable] = useState(false);
  const keyRef = useRef<string | null>(null);
  const contact = useMutation(contentMutations.contact());
  const unavailableText = t`The contact form is not available. Please call us or write to us by e-mail.`;

  const setValue = (field: ContactField, value: string) => {
    keyRef.current = null;
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (contact.isPending) return;
    const result = validateContact(values);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    keyRef.current ??= newIdempotencyKey();
    contact.mutate(
      { ...result.request, idempotencyKey: keyRef.current },
      {
        onSuccess: (reply) => {
          const ok = reply.status === 200;
          toast(reply.message || (ok ? t`Your message has been sent.` : t`Your message could not be sent.`), {
            variant: ok ? "success" : "error",
          });
          if (ok) {
            keyRef.current = null;
            setValues(EMPTY_CONTACT);
          }
        },
        onError: (error) => {
          if (isMissingService(error)) {
            // A back end without a contact service (a stock Bagisto): the form says so, and keeps the text.
            setUnavailable(true);
            toast(unavailableText, { variant: "error" });
          } else if (error instanceof ApiError && error.kind === "http") {
            setProblems(serverProblems(error.fieldErrors));
            toast(error.message, { variant: "error" });
          } else {
            toast(t`Your message could not be sent. Please check your connection and try again.`, {
              variant: "error",
            });
          }
        },
      },
    );
  };

  return {
    /** the back end has no contact service: the form says so */
    unavailableMessage: isUnavailable ? unavailableText : null,
    values,
    problems,
    setValue,
    handleSubmit,
    isSending: contact.isPending,
    /** Offline, or the server could not be reached: the outbox retries with the same idempotency key. */
    isWaitingForConnection: contact.isPending && (contact.isPaused || contact.failureCount > 0),
  };
}
