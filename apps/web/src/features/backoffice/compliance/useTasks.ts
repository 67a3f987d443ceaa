import {
  type ComplianceTask,
  ComplianceTaskAssignees,
  ComplianceTask as ComplianceTaskSchema,
  type ComplianceTaskUpdateInput,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../api.js';

/** Query keys of compliance tasks: every list, the dashboard and a client's tasks refresh together. */
export const TASKS_KEY = ['bo', 'compliance', 'tasks'] as const;

/** Members who can take a task (compliance or admin staff of its brand). */
export function useAssignees(task: ComplianceTask | null) {
  return useQuery({
    queryKey: [...TASKS_KEY, 'assignees', task?.id],
    enabled: task !== null,
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/compliance/tasks/${task?.id}/assignees`, {
        schema: ComplianceTaskAssignees,
        signal,
      }),
  });
}

/** Assigns a task and/or moves its due date; then every task list refreshes. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ComplianceTaskUpdateInput }) =>
      staffRequest(`/api/backoffice/compliance/tasks/${id}`, {
        schema: ComplianceTaskSchema,
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

/** Closes a task with its note; then every task list refreshes. */
export function useCloseTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      staffRequest(`/api/backoffice/compliance/tasks/${id}/close`, {
        schema: ComplianceTaskSchema,
        method: 'POST',
        body: { note },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
