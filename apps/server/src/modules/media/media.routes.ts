import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';

/** Uploaded brand files (issue 15): staff upload checked by content, served publicly at /media/:id/:name. */
export async function mediaRoutes(_app: App, _ctx: AppContext) {}
