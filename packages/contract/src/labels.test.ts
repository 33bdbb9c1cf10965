import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_STATUSES, BET_STATUSES, BET_TYPES, BONUS_PRIZE_TYPES, BONUS_REQUEST_STATUSES, KYC_FIELD_RULES, KYC_OPTION_FIELDS, KYC_OPTION_TYPES, KYC_STATUSES, LABELS, MSG, TOPUP_ACTIONS, TOPUP_REASONS,
  AFFILIATE_CHANNEL_TYPES, AFFILIATE_WITHDRAW_FAILURE_STATUSES, AFFILIATE_WITHDRAW_JOB_STATUSES, BONUS_DEFINITION_STATUSES, BONUS_BET_TYPES, BONUS_RELEASE_SCHEDULES, BONUS_RELEASE_STATUSES, PLAYER_DEPOSIT_BONUS_STATUSES, TICKET_STATUSES, TOURNAMENT_STATUSES, TX_STATUSES, WINNER_STATUSES, TX_SUB_TYPES, TX_TYPES, USERNAME_STATUSES, WALLET_KINDS, countOf, humanize, invalidKycField, label, labelOptions, plural, txTypeLabel,
  validateKycDetails, FOUR_EYES_REASONS, FOUR_EYES_STATUSES, type LabelKind,
} from './index.js';

/** Every vocabulary of the contract and the codes it has. */
const CODES: Record<LabelKind, readonly string[]> = {
  txType: TX_TYPES,
  txSubType: TX_SUB_TYPES,
  txStatus: TX_STATUSES,
  kycOptionType: KYC_OPTION_TYPES,
  kycField: Object.keys(KYC_FIELD_RULES),
  kycStatus: KYC_STATUSES,
  topupReason: TOPUP_REASONS,
  topupAction: TOPUP_ACTIONS,
  usernameStatus: USERNAME_STATUSES,
  walletKind: WALLET_KINDS,
  bankAccountStatus: BANK_ACCOUNT_STATUSES,
  bonusPrizeType: BONUS_PRIZE_TYPES,
  bonusRequestStatus: BONUS_REQUEST_STATUSES,
  betStatus: BET_STATUSES,
  betType: BET_TYPES,
  ticketStatus: TICKET_STATUSES,
  affiliateJobStatus: AFFILIATE_WITHDRAW_JOB_STATUSES,
  payoutFailure: AFFILIATE_WITHDRAW_FAILURE_STATUSES,
  tournamentStatus: TOURNAMENT_STATUSES,
  winnerStatus: WINNER_STATUSES,
  bonusDefinitionStatus: BONUS_DEFINITION_STATUSES,
  bonusBetType: BONUS_BET_TYPES,
  playerDepositBonusStatus: PLAYER_DEPOSIT_BONUS_STATUSES,
  bonusReleaseStatus: BONUS_RELEASE_STATUSES,
  bonusReleaseSchedule: BONUS_RELEASE_SCHEDULES,
  affiliateChannelType: AFFILIATE_CHANNEL_TYPES,
  fourEyesReason: FOUR_EYES_REASONS,
  fourEyesStatus: FOUR_EYES_STATUSES,
};

describe('labels', () => {
  it.each(Object.keys(CODES) as LabelKind[])('every %s code has a label, and no label is left without its code', (kind) => {
    const map = LABELS[kind] as Record<string, string>;
    for (const code of CODES[kind]) {
      expect(map[code], `${kind}.${code}`).toMatch(/\S/);
      expect(map[code], `${kind}.${code} is still a code`).not.toBe(code);
    }
    expect(Object.keys(map).sort()).toEqual([...CODES[kind]].sort());
  });

  it('every data field of a KYC option type has a label', () => {
    for (const t of KYC_OPTION_TYPES) for (const f of KYC_OPTION_FIELDS[t]) expect(label('kycField', f)).not.toBe(f);
  });

  it('reads as staff speak', () => {
    expect(label('txSubType', 'AFFILIATE_PROFIT_WITHDRAW')).toBe('Affiliate profit withdraw');
    expect(label('kycOptionType', 'PASSPORT_ID')).toBe('Passport ID');
    expect(label('kycField', 'postCode')).toBe('Post code');
    expect(label('txStatus', 'IN_PROGRESS')).toBe('In progress');
    expect(label('usernameStatus', 'APPROVE')).toBe('Approved');
    expect(txTypeLabel('AFFILIATE', 'AFFILIATE_PROFIT_WITHDRAW')).toBe('Affiliate / Affiliate profit withdraw');
    expect(txTypeLabel('TOURNAMENT_PRIZE', 'OTHER')).toBe('Tournament prize');
    expect(txTypeLabel('TOPUP', null)).toBe('Top-up');
    expect(labelOptions('topupReason', ['COMPENSATION'])).toEqual([{ value: 'COMPENSATION', label: 'Compensation' }]);
  });

  it('an unknown code is humanized, an empty one is a dash', () => {
    expect(label('txStatus', 'WAITING_FOR_BANK')).toBe('Waiting for bank');
    expect(humanize('WITHDRAW_DESTINATION_REVEAL')).toBe('Withdraw destination reveal');
    expect(humanize('bankAccount')).toBe('Bank account');
    expect(humanize('KYC_CLAIM')).toBe('KYC claim');
    expect([countOf(1, 'user'), countOf(0, 'user'), countOf(1234, 'user'), countOf(2, 'entry', 'entries')]).toEqual(['1 user', '0 users', '1,234 users', '2 entries']);
    expect([plural(1, 'field'), plural(3, 'field')]).toEqual(['field', 'fields']);
    expect(humanize('kyc')).toBe('KYC');
    expect(humanize('amountInUSD')).toBe('Amount in USD');
    expect(humanize('PLAYER_2FA_RESET')).toBe('Player 2FA reset');
    expect(label('txType', null)).toBe('—');
    expect(label('txType', '')).toBe('—');
    expect(label('txType', 'constructor')).toBe('Constructor');
  });

  it('"Invalid field: {field}" keeps the spec\'s format with the field\'s label', () => {
    expect(invalidKycField('postCode')).toBe(MSG.invalidField('Post code'));
    expect(invalidKycField('postCode')).toBe('Invalid field: Post code');
    expect(invalidKycField('somethingElse')).toBe('Invalid field: somethingElse');
    expect(validateKycDetails('PASSPORT_ID', { passportId: '12' })).toEqual(['Invalid field: Passport ID']);
  });
});

describe('badgeLabel', () => {
  it('a bounded count is shown as "999+" once it reaches the cap', async () => {
    const { badgeLabel, BADGE_COUNT_CAP } = await import('./index.js');
    expect(badgeLabel(0)).toBe('0');
    expect(badgeLabel(999)).toBe('999');
    expect(badgeLabel(BADGE_COUNT_CAP)).toBe('999+');
    expect(badgeLabel(4000)).toBe('999+');
  });
});
