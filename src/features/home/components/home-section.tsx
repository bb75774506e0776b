import { useId, type ReactNode } from "react";
import "./home-section.css";

/** A titled block of the home page (a landmark named by its heading). */
export function HomeSection({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="home-section">
      <div className="ui-container">
        <div className="home-section__head">
          <h2 id={id} className="ui-h2">
            {title}
          </h2>
          {subtitle && <p className="ui-body1 ui-muted home-section__subtitle">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
