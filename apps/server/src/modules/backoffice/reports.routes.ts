import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';

/** Reports and KPIs (issue 15): per-day figures per brand, CSV, the retail-loss disclosure. */
export async function reportsRoutes(_app: App, _ctx: AppContext) {}
