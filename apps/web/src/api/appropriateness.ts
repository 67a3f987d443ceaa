import {
  AppropriatenessResult,
  type AppropriatenessSubmitInput,
  AppropriatenessTest,
  ComplianceStatusView,
} from '@openbroker/domain';
import { apiRequest } from './client.js';

/** The appropriateness test and the client's compliance status (contracts: domain contracts/appropriateness.ts). */
export const appropriatenessApi = {
  test: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/appropriateness', { token, schema: AppropriatenessTest, ...(signal ? { signal } : {}) }),
  submit: (token: string, body: AppropriatenessSubmitInput) =>
    apiRequest('/api/appropriateness', { token, body, schema: AppropriatenessResult }),
  acknowledge: (token: string) =>
    apiRequest('/api/appropriateness/acknowledge', { token, body: {}, schema: AppropriatenessResult }),
  status: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/compliance/status', {
      token,
      schema: ComplianceStatusView,
      ...(signal ? { signal } : {}),
    }),
};
