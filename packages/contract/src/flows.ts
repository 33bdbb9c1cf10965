/**
 * Flows (002 §2, §3, §7 POST /api/flows/delete: flowId; the rest designed): an operator's
 * automation rules. A flow has a trigger (a deposit confirmed or a withdrawal requested at or above
 * an amount in USD, a player registered, a KYC document submitted), conditions (the amount, real
 * players only), one action (notify the operator's staff, flag the player for review, tag the
 * player) and an active switch. The job `flows.evaluate` runs each active flow over the events
 * since it was switched on, each event once per flow (a run row, unique per flow and event),
 * never inside a money transaction.
 */
import { z } from 'zod';
import { listScope } from './api.js';

export const FLOW_TRIGGERS = ['DEPOSIT_CONFIRMED', 'WITHDRAWAL_REQUESTED', 'PLAYER_REGISTERED', 'KYC_SUBMITTED'] as const;
export type FlowTrigger = (typeof FLOW_TRIGGERS)[number];
export const FLOW_ACTIONS = ['NOTIFY_STAFF', 'FLAG_FOR_REVIEW', 'ADD_TAG'] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];
/** Triggers whose event carries an amount (the minimum-amount condition applies). */
export const AMOUNT_TRIGGERS: readonly FlowTrigger[] = ['DEPOSIT_CONFIRMED', 'WITHDRAWAL_REQUESTED'];
/** The tag FLAG_FOR_REVIEW puts on the player. */
export const REVIEW_TAG = 'review';

export const FLOW_TRIGGER_LABELS: Record<FlowTrigger, string> = {
  DEPOSIT_CONFIRMED: 'Deposit confirmed',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  PLAYER_REGISTERED: 'Player registered',
  KYC_SUBMITTED: 'KYC submitted',
};
export const FLOW_ACTION_LABELS: Record<FlowAction, string> = {
  NOTIFY_STAFF: 'Notify staff',
  FLAG_FOR_REVIEW: 'Flag the player for review',
  ADD_TAG: 'Tag the player',
};

export const FLOW_NAME_MAX = 100;
export const FLOW_TAG_MAX = 32;
export const FLOW_MESSAGE_MAX = 300;

export const FLOW_MESSAGES = {
  CREATED: 'Flow created!',
  UPDATED: 'Flow updated!',
  DELETED: 'Flow deleted!',
  ACTIVATED: 'Flow activated!',
  DEACTIVATED: 'Flow deactivated!',
  NOT_FOUND: 'Flow not found.',
  OPERATOR_REQUIRED: 'Please select an operator.',
  NAME_REQUIRED: 'Name is required.',
  NAME_MAX: `Name can be at most ${FLOW_NAME_MAX} characters.`,
  TRIGGER_INVALID: 'Choose a trigger.',
  ACTION_INVALID: 'Choose an action.',
  AMOUNT_INVALID: 'The minimum amount must be an amount in USD with at most 10 digits and 2 decimals.',
  AMOUNT_NOT_FOR_TRIGGER: 'A minimum amount applies to deposits and withdrawals only.',
  TAG_REQUIRED: 'Enter the tag: 1 to 32 letters, digits, "-" or "_".',
  MESSAGE_MAX: `The message can be at most ${FLOW_MESSAGE_MAX} characters.`,
} as const;

export const FLOW_TAG_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const amount = z.string({ error: FLOW_MESSAGES.AMOUNT_INVALID }).trim().max(20, FLOW_MESSAGES.AMOUNT_INVALID)
  .regex(/^\d{1,10}(\.\d{1,2})?$/, FLOW_MESSAGES.AMOUNT_INVALID);

const flowFields = z.object({
  name: z.string({ error: FLOW_MESSAGES.NAME_REQUIRED }).trim().min(1, FLOW_MESSAGES.NAME_REQUIRED).max(FLOW_NAME_MAX, FLOW_MESSAGES.NAME_MAX),
  trigger: z.enum(FLOW_TRIGGERS, { error: FLOW_MESSAGES.TRIGGER_INVALID }),
  /** Condition: the event's amount in USD at least this (deposit and withdrawal triggers); empty: any amount. */
  minAmountUsd: z.union([amount, z.literal('')]).optional(),
  /** Condition: leave test players out. */
  realPlayersOnly: z.boolean().default(true),
  action: z.enum(FLOW_ACTIONS, { error: FLOW_MESSAGES.ACTION_INVALID }),
  /** ADD_TAG: the tag; other actions: none. */
  tag: z.string().trim().max(FLOW_TAG_MAX, FLOW_MESSAGES.TAG_REQUIRED).optional(),
  /** NOTIFY_STAFF: the text staff read besides the event (optional). */
  message: z.string().trim().max(FLOW_MESSAGE_MAX, FLOW_MESSAGES.MESSAGE_MAX).optional(),
  isActive: z.boolean().default(true),
});

type FlowFields = z.infer<typeof flowFields>;
const crossChecks = (v: FlowFields, ctx: z.RefinementCtx) => {
  if (v.minAmountUsd && !AMOUNT_TRIGGERS.includes(v.trigger)) ctx.addIssue({ code: 'custom', message: FLOW_MESSAGES.AMOUNT_NOT_FOR_TRIGGER, path: ['minAmountUsd'] });
  if (v.action === 'ADD_TAG' && !FLOW_TAG_PATTERN.test(v.tag ?? '')) ctx.addIssue({ code: 'custom', message: FLOW_MESSAGES.TAG_REQUIRED, path: ['tag'] });
};

export const flowCreateBody = flowFields.extend({
  opId: z.string({ error: FLOW_MESSAGES.OPERATOR_REQUIRED }).trim().min(1, FLOW_MESSAGES.OPERATOR_REQUIRED).max(64, FLOW_MESSAGES.OPERATOR_REQUIRED),
}).superRefine(crossChecks);
export type FlowCreateBody = z.input<typeof flowCreateBody>;

export const flowUpdateBody = flowFields.extend({ flowId: z.string().trim().min(1).max(64) }).superRefine(crossChecks);
export type FlowUpdateBody = z.input<typeof flowUpdateBody>;

/** The form of the console (the operator comes from the selector for a new flow). */
export const flowForm = flowFields.superRefine(crossChecks);
export type FlowForm = z.input<typeof flowForm>;

/** 002 §7 POST /api/flows/delete: flowId. */
export const flowDeleteBody = z.object({ flowId: z.string().trim().min(1).max(64) });
export const flowActiveBody = z.object({ flowId: z.string().trim().min(1).max(64), isActive: z.boolean() });

export const flowsListBody = listScope.extend({
  trigger: z.enum(FLOW_TRIGGERS).optional(),
  isActive: z.enum(['true', 'false']).optional(),
  name: z.string().trim().max(FLOW_NAME_MAX).optional(),
});
export const flowRunsBody = listScope.extend({ flowId: z.string().trim().min(1).max(64) });
