import type { User } from '../../api/types.js';

/** How the signed-in client is named on screen: the full name, else first and last name. */
export const displayName = (user: User): string =>
  user.full_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(' ');
