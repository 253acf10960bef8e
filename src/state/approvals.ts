// Approvals as a kind of state, for hosts that keep them between sessions in a StateStore (skillset
// itself never records one: the host decides, and passes them to the session or the invoke call).

import { type ApprovalState, parseApprovalState } from '../invoke/permissions.js';
import type { StateKind } from './state-store.js';

/** Recorded approvals as a state store keeps them (`approvals-<key>.json`); entries that are not approvals are dropped. */
export const APPROVAL_STATE: StateKind<ApprovalState> = {
  name: 'approvals',
  empty: () => ({ version: 1, approvals: {} }),
  parse(value) {
    const data = value as { version?: unknown; approvals?: unknown } | null;
    const ok =
      typeof data === 'object' &&
      data !== null &&
      data.version === 1 &&
      typeof data.approvals === 'object' &&
      data.approvals !== null &&
      !Array.isArray(data.approvals);
    return ok ? parseApprovalState(value) : undefined;
  },
  sorted: ['approvals'],
};
