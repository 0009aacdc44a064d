import { analytics } from './analytics.ts';
import { bookings } from './bookings.ts';
import { checkout } from './checkout.ts';
import { cluster } from './cluster.ts';
import { courses } from './courses.ts';
import { dashboardScale } from './dashboard-scale.ts';
import { email } from './email.ts';
import { failureDrills } from './failure-drills.ts';
import { firstVisit } from './first-visit.ts';
import { foundation } from './foundation.ts';
import { identity } from './identity.ts';
import { regions } from './regions.ts';
import { resumableDownload } from './resumable-download.ts';
import { slowClients } from './slow-clients.ts';
import { storefront } from './storefront.ts';
import { storefrontFront } from './storefront-front.ts';
import type { Scenario } from './types.ts';

export const scenarios: Scenario[] = [foundation, identity, storefront, storefrontFront, checkout, slowClients, failureDrills, resumableDownload, email, analytics, regions, dashboardScale, firstVisit, cluster, bookings, courses];
