import { GLOBAL, LIST, PUBLIC, SIGNED_IN, ep, record } from '../define.js';

/** The console's frame: the user, the operator selector, the menu, badges, rates (000 §2, §6). */
export const SHELL = {
  'shell.me': ep({
    method: 'GET', path: '/api/users/me', tag: 'shell', summary: 'The signed-in user and the operators they can pick in the selector',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'shell.myOperator': ep({
    method: 'POST', path: '/api/operators/me', tag: 'shell', summary: "The signed-in user's own operator (null for global roles)",
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'shell.operator': ep({
    method: 'POST', path: '/api/operators/show', tag: 'shell', summary: 'One operator with its settings and limits',
    access: SIGNED_IN, scope: record('operator', 'opId'),
  }),
  'shell.menu': ep({
    method: 'GET', path: '/api/operators/menu-list', tag: 'shell', summary: 'The menu: the built pages the user holds the permission of, grouped',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'shell.events': ep({
    method: 'GET', path: '/api/events', tag: 'shell',
    summary: 'Live updates: with Accept text/event-stream, a server-sent event stream of the records the user may see changing (live.ts); otherwise the topics it would carry (designed)',
    access: SIGNED_IN, scope: GLOBAL,
  }),
  'shell.badges': ep({
    method: 'GET', path: '/api/admin/badges', tag: 'shell', summary: 'Count badges of the menu (bounded counts; only the pages the user holds; none for partners)',
    access: SIGNED_IN, scope: LIST,
  }),
  'shell.notifications': ep({
    method: 'GET', path: '/api/general/notifications', tag: 'shell', summary: "The latest notifications of the user's operators and the global ones",
    access: SIGNED_IN, scope: LIST,
  }),
  'shell.tooltips': ep({
    method: 'GET', path: '/api/tooltips', tag: 'shell', summary: "Tooltips by key: the defaults, overridden by the selected operator's",
    access: SIGNED_IN, scope: LIST,
  }),
  'shell.rates': ep({
    method: 'GET', path: '/api/rates', tag: 'shell', summary: 'Exchange rates to USD (the IRR rate is dropped from the feed)',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'shell.general': ep({
    method: 'GET', path: '/api/general', tag: 'shell', summary: 'Product version, database kind and server time',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'shell.health': ep({
    method: 'GET', path: '/api/health', tag: 'shell', summary: 'Liveness, with whether the database answers (no session)',
    access: PUBLIC, scope: GLOBAL,
  }),
} as const;
