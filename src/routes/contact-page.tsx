import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { ContactForm } from "@/features/content/components/contact-form";
import { ContactInfo } from "@/features/content/components/contact-info";

export function ContactPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Contact Us`}
        description={t`Questions about a bicycle, an order or a service? Write to us or call the workshop.`}
      />
      <div className="ui-container contact-page">
        <ContactInfo />
        <div>
          <h2 className="ui-h2 contact-page__title">{t`Get In Touch`}</h2>
          <ContactForm />
        </div>
      </div>
    </>
  );
}
