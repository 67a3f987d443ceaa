import {
  ComplianceTask,
  ComplianceTaskAssignees,
  ComplianceTaskCloseInput,
  ComplianceTaskListQuery,
  ComplianceTaskPage,
  ComplianceTaskSummary,
  ComplianceTaskUpdateInput,
  ManualReviewInput,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import type { ComplianceTasksService } from './compliance-tasks.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['backoffice: compliance tasks'];
const TaskParams = z.object({ id: z.string().max(32) });

export interface ComplianceTasksRoutesDeps {
  staff: StaffService;
  complianceTasks: ComplianceTasksService;
}

/** Back office, compliance tasks (docs/backoffice.md "Compliance tasks"). */
export async function complianceTasksRoutes(
  app: App,
  { staff, complianceTasks: tasks }: ComplianceTasksRoutesDeps,
) {
  // compliance and admin work the tasks; other roles see a client's tasks nowhere
  const work = { permission: 'verification.edit', brandScoped: true } as const;

  app.get(
    '/api/backoffice/compliance/tasks',
    withPolicy(work, staff, {
      tags,
      summary:
        'Compliance tasks in scope: filters mine, kind, overdue, status (open by default), a client; open ones soonest due first, 50 a page',
      querystring: ComplianceTaskListQuery,
      response: { 200: ok(ComplianceTaskPage), ...errors },
    }),
    async (request) => ({ status: true as const, data: await tasks.list(staffOf(request), request.query) }),
  );

  app.get(
    '/api/backoffice/compliance/tasks/summary',
    withPolicy(work, staff, {
      tags,
      summary: 'The dashboard’s tasks: open, overdue and assigned-to-me counts, the next ten open tasks',
      response: { 200: ok(ComplianceTaskSummary), ...errors },
    }),
    async (request) => ({ status: true as const, data: await tasks.summary(staffOf(request)) }),
  );

  app.get(
    '/api/backoffice/compliance/tasks/:id',
    withPolicy(work, staff, {
      tags,
      summary: 'One compliance task',
      params: TaskParams,
      response: { 200: ok(ComplianceTask), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await tasks.get(staffOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/backoffice/compliance/tasks/:id/assignees',
    withPolicy(work, staff, {
      tags,
      summary: 'Members who can take the task: active compliance or admin staff of its brand',
      params: TaskParams,
      response: { 200: ok(ComplianceTaskAssignees), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await tasks.assignees(staffOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/backoffice/compliance/tasks/:id',
    withPolicy(work, staff, {
      tags,
      summary: 'Assigns an open task to a member (null: nobody) and/or moves its due date; audited',
      params: TaskParams,
      body: ComplianceTaskUpdateInput,
      response: { 200: ok(ComplianceTask), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await tasks.update(staffOf(request), request, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/backoffice/compliance/tasks/:id/close',
    withPolicy(work, staff, {
      tags,
      summary: 'Closes an open task with a required note (what was checked and decided); audited',
      params: TaskParams,
      body: ComplianceTaskCloseInput,
      response: { 200: ok(ComplianceTask), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await tasks.close(staffOf(request), request, request.params.id, request.body.note),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/compliance-tasks',
    withPolicy(work, staff, {
      tags,
      summary: 'Creates a manual review task on a client with a summary and a due date; audited',
      params: TaskParams,
      body: ManualReviewInput,
      response: { 200: ok(ComplianceTask), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await tasks.createManualReview(staffOf(request), request, request.params.id, request.body),
    }),
  );
}
