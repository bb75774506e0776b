import { Migrator, type Kysely, type Migration } from "kysely";
import * as initial from "./migrations/0001-initial";
import * as variantOrder from "./migrations/0002-variant-order-index";
import * as primaryCategory from "./migrations/0003-primary-category";
import * as phoneVerification from "./migrations/0004-phone-verification";
import * as idempotencyScope from "./migrations/0005-idempotency-scope";
import * as sharedState from "./migrations/0006-shared-state";
import * as flatCosts from "./migrations/0007-flat-costs";
import * as productViews from "./migrations/0008-product-views";
import * as foreignKeyIndexes from "./migrations/0009-foreign-key-indexes";
import * as addressCompany from "./migrations/0010-address-company";
import * as productViewGzip from "./migrations/0011-product-view-gzip";
import * as stockVersion from "./migrations/0012-stock-version";
import * as pendingReviews from "./migrations/0013-pending-reviews";
import * as stockNeverNegative from "./migrations/0014-stock-never-negative";
import * as stockWritesLockTheirRows from "./migrations/0015-stock-writes-lock-their-rows";
import * as mail from "./migrations/0016-mail";
import * as nameSearchIndex from "./migrations/0018-name-search-index";
import * as staffAndCounterImports from "./migrations/0019-staff-and-counter-imports";
import * as showroomRequests from "./migrations/0020-showroom-requests";
import * as mailQueueAndLeases from "./migrations/0021-mail-queue-and-leases";
import * as searchPageOrder from "./migrations/0022-search-page-order";
import * as facetLog from "./migrations/0023-facet-log";
import * as facetLogNames from "./migrations/0024-facet-log-names";

/** Every migration this build knows, by name (applied in name order; see `runMigrations`). */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-variant-order-index": variantOrder,
  "0003-primary-category": primaryCategory,
  "0004-phone-verification": phoneVerification,
  "0005-idempotency-scope": idempotencyScope,
  "0006-shared-state": sharedState,
  "0007-flat-costs": flatCosts,
  "0008-product-views": productViews,
  "0009-foreign-key-indexes": foreignKeyIndexes,
  "0010-address-company": addressCompany,
  "0011-product-view-gzip": productViewGzip,
  "0012-stock-version": stockVersion,
  "0013-pending-reviews": pendingReviews,
  "0014-stock-never-negative": stockNeverNegative,
  "0015-stock-writes-lock-their-rows": stockWritesLockTheirRows,
  "0016-mail": mail,
  "0018-name-search-index": nameSearchIndex,
  "0019-staff-and-counter-imports": staffAndCounterImports,
  "0020-showroom-requests": showroomRequests,
  "0021-mail-queue-and-leases": mailQueueAndLeases,
  "0022-search-page-order": searchPageOrder,
  "0023-facet-log": facetLog,
  "0024-facet-log-names": facetLogNames,
};

export async function runMigrations(db: Kysely<unknown>): Promise<void> {
  // Migrations are independent of each other and named by number; parallel branches may land a lower number
  // after a higher one has been applied somewhere (a developer's or the sample shop's database), which Kysely
  // would otherwise refuse as "corrupted". Every pending one is applied, in name order.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
