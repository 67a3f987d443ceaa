/** Back-office messages about staff management (issue 13; our texts). */
export const BACKOFFICE_STAFF_MESSAGES = {
  'staff.staffEmailTaken': 'A staff member with this e-mail address exists already.',
  'staff.cannotDisableSelf': 'You cannot disable your own account. Ask another administrator.',
  'staff.cannotRemoveOwnAdmin': 'You cannot remove your own admin role. Ask another administrator.',
} as const;
