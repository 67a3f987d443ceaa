import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';

/** Content in the back office (issue 15): pages per brand and language, versions, publishing, singletons, the contact inbox. */
export async function contentAdminRoutes(_app: App, _ctx: AppContext) {}
