import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';

/** Affiliates in the back office (issue 15): create, disable, reset password, funnel. */
export async function affiliatesAdminRoutes(_app: App, _ctx: AppContext) {}
