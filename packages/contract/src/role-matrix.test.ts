import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS } from './permissions.js';
import { ROLE_MATRIX_AREAS, roleMatrixMarkdown, roleMayDefault } from './role-matrix.js';

describe('role matrix', () => {
  it('names only real permission keys', () => {
    for (const a of ROLE_MATRIX_AREAS) for (const k of a.keys ?? []) expect(PERMISSION_KEYS).toContain(k);
  });
  it('OPERATOR_MANAGER views payment configuration but does not change it, nor approve affiliate withdrawals', () => {
    const area = (label: string) => ROLE_MATRIX_AREAS.find((a) => a.label.startsWith(label))!;
    expect(roleMayDefault('OPERATOR_MANAGER', area('Payment configuration: view'))).toBe(true);
    expect(roleMayDefault('OPERATOR_MANAGER', area('Payment configuration: change'))).toBe(false);
    expect(roleMayDefault('OPERATOR_MANAGER', area('Affiliate withdraw'))).toBe(false);
    expect(roleMayDefault('OPERATOR_MANAGER', area('Bulk affiliate payouts'))).toBe(false);
    expect(roleMayDefault('OPERATOR_ADMIN', area('Bulk affiliate payouts'))).toBe(true);
    expect(roleMayDefault('OPERATOR_ADMIN', area('Payment configuration: change'))).toBe(true);
  });
  it('DEV_OPS is an infrastructure role: no players, KYC, money or their files', () => {
    const devops = DEFAULT_ROLE_PERMISSIONS.DEV_OPS;
    for (const k of ['players', 'documentsV2', 'approve_reject_kyc', 'transactions_list', 'deposit_list', 'withdraw_list', 'topup_list', 'withdraw_pending']) {
      expect(devops).not.toContain(k);
    }
  });
  it('the README prints the matrix of the contract', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const block = /<!-- role-matrix -->\n([\s\S]*?)\n<!-- \/role-matrix -->/.exec(readme)?.[1];
    expect(block).toBe(roleMatrixMarkdown());
  });
});
