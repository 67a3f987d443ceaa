import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';

/** Pop-ups in the back office (issue 15): sanitised HTML, audience, schedule, who read it. */
export async function popupsAdminRoutes(_app: App, _ctx: AppContext) {}
