import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { isMissingService } from "@/api/client";
import { showroomQueries } from "@/api/showroom-queries";
import { Alert } from "@/components/ui/alert";
import type { StaffSession } from "../staff-session";
import "./counter.css";

/**
 * The showroom's requests on the staff page (issue 40 item 4): the test rides from today on, soonest first,
 * and the back-in-stock requests still waiting. Nothing on a back end without them.
 */
export function ShowroomLists({ session }: { session: StaffSession }) {
  const { t } = useLingui();
  const rides = useQuery(showroomQueries.staffTestRides(session.token));
  const alerts = useQuery(showroomQueries.staffStockAlerts(session.token));
  if (isMissingService(rides.error) || isMissingService(alerts.error)) return null;
  const failed = rides.isError || alerts.isError;
  return (
    <div className="staff-counter">
      {failed && <Alert severity="error">{t`The showroom's requests could not be loaded.`}</Alert>}
      <section aria-labelledby="staff-test-rides">
        <h2 id="staff-test-rides" className="ui-h3">
          {t`Upcoming test rides`}
        </h2>
        {rides.data?.length === 0 && <p className="ui-body2">{t`No test rides booked.`}</p>}
        {!!rides.data?.length && (
          <table className="staff-counter__table">
            <thead>
              <tr>
                <th scope="col">{t`Date`}</th>
                <th scope="col">{t`Time slot`}</th>
                <th scope="col">{t`Product Name`}</th>
                <th scope="col">{t`Size`}</th>
                <th scope="col">{t`Email`}</th>
              </tr>
            </thead>
            <tbody>
              {rides.data.map((r) => (
                <tr key={r.id} data-testid="staff-test-ride">
                  <td>{r.date}</td>
                  <td>{r.slot}</td>
                  <td>{r.product_name}</td>
                  <td>{r.size.toUpperCase()}</td>
                  <td>{r.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="staff-stock-alerts">
        <h2 id="staff-stock-alerts" className="ui-h3">
          {t`Waiting for a size`}
        </h2>
        {alerts.data?.length === 0 && <p className="ui-body2">{t`No one is waiting for a size.`}</p>}
        {!!alerts.data?.length && (
          <table className="staff-counter__table">
            <thead>
              <tr>
                <th scope="col">{t`Product Name`}</th>
                <th scope="col">{t`Size`}</th>
                <th scope="col">{t`Email`}</th>
                <th scope="col">{t`Asked on`}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.data.map((a) => (
                <tr key={a.id} data-testid="staff-stock-alert">
                  <td>{a.product_name}</td>
                  <td>{a.size.toUpperCase()}</td>
                  <td>{a.email}</td>
                  <td>{a.created_at.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
