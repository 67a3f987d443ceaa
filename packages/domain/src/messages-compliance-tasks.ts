/** Messages of compliance tasks (back office) and the source-of-funds questions (client area); our texts. */
export const COMPLIANCE_TASKS_MESSAGES = {
  'tasks.notFound': 'This task was not found.',
  'tasks.noteRequired': 'Write a closing note: what was checked and decided.',
  'tasks.dueInvalid': 'Enter a valid due date.',
  'tasks.closed': 'This task is already closed.',
  'tasks.assigneeInvalid': "Choose a member of this brand's compliance staff.",
  'sof.invalid': 'Please answer every question.',
} as const;

export type ComplianceTasksMessageKey = keyof typeof COMPLIANCE_TASKS_MESSAGES;
