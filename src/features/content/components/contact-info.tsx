import { useLingui } from "@lingui/react/macro";
import { SHOP_INFO } from "@/utils/shop-info";
import "./contact.css";

/** The shop's address, phone and e-mail addresses. */
export function ContactInfo() {
  const { t } = useLingui();
  const tel = SHOP_INFO.phone.replace(/[^+\d]/g, "");
  return (
    <address className="contact-info">
      <div>
        <h2 className="ui-h3 contact-info__title">{t`Address`}</h2>
        {SHOP_INFO.address.map((line) => (
          <p key={line} className="ui-body1">
            {line}
          </p>
        ))}
      </div>
      <div>
        <h2 className="ui-h3 contact-info__title">{t`Phone`}</h2>
        <a className="ui-link" href={`tel:${tel}`}>
          {SHOP_INFO.phone}
        </a>
      </div>
      <div>
        <h2 className="ui-h3 contact-info__title">{t`Email`}</h2>
        {SHOP_INFO.emails.map((email) => (
          <p key={email} className="ui-body1">
            <a className="ui-link" href={`mailto:${email}`}>
              {email}
            </a>
          </p>
        ))}
      </div>
    </address>
  );
}
