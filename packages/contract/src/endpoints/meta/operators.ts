import { LIST, anyOf, ep, forNonAdmins, record, withRoles } from '../define.js';

const OPERATORS_PAGE = 'operators';
/**
 * Activation and transformation change who sees what (a brand's staff, its parent's staff):
 * SUPER_ADMIN and ADMIN only, the roles that see every operator (002 §2 lists the transformation
 * dialogs with the infrastructure ones, which the role matrix gives both).
 */
const RESTRUCTURE = withRoles([OPERATORS_PAGE], ['SUPER_ADMIN', 'ADMIN']);

/** Operators and brands (000 §2.1, 002 §3–§7): lists, settings, activation and transformation. */
export const OPERATORS = {
  'operators.list': ep({
    method: 'POST', path: '/api/operators/list', tag: 'operators',
    summary: "Operators, brands and partners by title (type parent or brand, status, parent, text); operator staff see their own operators only",
    access: anyOf(OPERATORS_PAGE), scope: LIST,
  }),
  'operators.brandsList': ep({
    method: 'POST', path: '/api/operators/brands/list', tag: 'operators',
    summary: 'Brands by title (the brands menu needs brands_access for non-admins)',
    access: forNonAdmins(['brands'], ['brands_access']), scope: LIST,
  }),
  'operators.settings': ep({
    method: 'GET', path: '/api/operators/settings', tag: 'operators', summary: "An operator's affiliates and cashback settings",
    access: anyOf(OPERATORS_PAGE, 'players'), scope: record('operator', 'opId', 'query'),
  }),
  'operators.fourEyes': ep({
    method: 'PUT', path: '/api/operators/four-eyes', tag: 'operators',
    summary: "The operator's four-eyes threshold in USD (empty: off): bonus requests, manual top-ups and withdrawal approvals above it need a second staff member (designed)",
    access: withRoles([OPERATORS_PAGE], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('operator', 'opId'), audit: 'OPERATOR_FOUR_EYES_THRESHOLD', invalidates: 'operators',
  }),
  'operators.timeZone': ep({
    method: 'PUT', path: '/api/operators/time-zone', tag: 'operators',
    summary: "An operator's time zone: where its bonus release periods begin (empty: its parent's, else UTC) (designed)",
    access: withRoles([OPERATORS_PAGE], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('operator', 'opId'), audit: 'OPERATOR_TIME_ZONE', invalidates: 'operators',
  }),
  'operators.topupCurrencies': ep({
    method: 'PUT', path: '/api/operators/topup-currencies', tag: 'operators',
    summary: "The operator's additional top-up currencies (extraData.additionalTopupCurrencies): top-ups are in USD plus these, each one of its allowed currencies (designed)",
    access: withRoles([OPERATORS_PAGE], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('operator', 'opId'), audit: 'OPERATOR_TOPUP_CURRENCIES', invalidates: 'operators',
  }),
  'operators.status': ep({
    method: 'POST', path: '/api/operators/status', tag: 'operators', summary: 'Activate or deactivate an operator or brand',
    access: RESTRUCTURE, scope: record('operator', 'opId'), audit: ['OPERATOR_ACTIVATE', 'OPERATOR_DEACTIVATE'], invalidates: 'operators',
  }),
  'operators.transform': ep({
    method: 'POST', path: '/api/operators/transform', tag: 'operators',
    summary: 'Transform an operator into a brand of an ACTIVE parent operator (002 §4)',
    access: RESTRUCTURE, scope: record('operator', 'opId'), audit: 'OPERATOR_TO_BRAND', invalidates: 'operators',
  }),
  'operators.transformBrand': ep({
    method: 'POST', path: '/api/operators/transform/brand', tag: 'operators', summary: 'Transform a brand into an operator (002 §4)',
    access: RESTRUCTURE, scope: record('operator', 'opId'), audit: 'BRAND_TO_OPERATOR', invalidates: 'operators',
  }),
} as const;
