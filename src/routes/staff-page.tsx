import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { ShowroomLists } from "@/features/counter/components/showroom-lists";
import { StaffCounter } from "@/features/counter/components/staff-counter";
import { StaffLogin } from "@/features/counter/components/staff-login";
import { useStaffSession } from "@/features/counter/staff-session";

/** /staff: the counter's page, behind a staff log-in. */
export function StaffPage() {
  const { t } = useLingui();
  const session = useStaffSession();
  return (
    <>
      <PageHeader title={t`Staff`} />
      <div className="ui-container">
        {session ? (
          <>
            <StaffCounter session={session} />
            <ShowroomLists session={session} />
          </>
        ) : (
          <StaffLogin />
        )}
      </div>
    </>
  );
}
