import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';

/** Brands edited in the back office (issue 15): create, settings, hosts, theme, payments (secrets encrypted), logo and favicon. */
export async function brandsAdminRoutes(_app: App, _ctx: AppContext) {}
