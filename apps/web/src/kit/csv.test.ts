import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { cellText, csvField, toCsv, withCellText } from './csv';
import { BalanceChange, Money, Usd } from './Money';
import { BetStatusChip } from '../bets/common';
import { OperatorStatusChip } from '../operators/OperatorList';
import { WithdrawStatusChip } from '../partners/common';
import { StatusChip } from '../players/PlayerSections';
import { TicketStatusChip } from '../support/common';
import { TournamentStatusChip, WinnerStatusChip } from '../tournaments/common';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and new lines', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('neutralises spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe('"\'+1"');
    expect(csvField('-1+cmd')).toBe('"\'-1+cmd"');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('@cmd')).toBe('"\'@cmd"');
  });

  it('builds rows with CRLF and takes the text of rendered cells', () => {
    expect(toCsv(['Player', 'USD'], [['P1', '10.00'], ['P2', '0.50']])).toBe('Player,USD\r\nP1,10.00\r\nP2,0.50');
    expect(cellText(createElement('span', { title: 't' }, 'abc', createElement('b', null, 'def')))).toBe('abcdef');
    expect(cellText(null)).toBe('');
    expect(cellText(42)).toBe('42');
  });

  it('reads the text a component says of itself, and a chip\'s label: an export never loses an amount or a status', () => {
    expect(cellText(createElement(Usd, { value: '1234567.5' }))).toBe('$1,234,567.50');
    expect(cellText(createElement(Money, { amount: '0.015', currency: 'BTC' }))).toBe('0.01500000 BTC');
    expect(cellText(createElement(BalanceChange, { before: '1000', after: '950.5', currency: 'USD' }))).toBe('1,000.00 USD → 950.50 USD');
    const Plain = (p: { x: string }) => createElement('b', null, p.x);
    expect(cellText(createElement(Plain, { x: 'hidden' }))).toBe('');
    expect(cellText(createElement(withCellText(Plain, (p) => `said ${p.x}`), { x: 'it' }))).toBe('said it');
    expect(cellText(createElement('div', { label: 'Pending' }))).toBe('Pending');
  });

  it('every status chip of a list says its label, so a status column needs no CSV text of its own', () => {
    expect(cellText(createElement(BetStatusChip, { status: 'CANCELED' }))).toBe('Canceled');
    expect(cellText(createElement(OperatorStatusChip, { status: 'ACTIVE' }))).toBe('Active');
    expect(cellText(createElement(WithdrawStatusChip, { status: 'CONFIRMED' }))).toBe('Confirmed');
    expect(cellText(createElement(StatusChip, { status: 'PENDING', kind: 'kycStatus' }))).toBe('Pending');
    expect(cellText(createElement(TicketStatusChip, { status: 'REPLIED' }))).toBe('Replied');
    expect(cellText(createElement(TournamentStatusChip, { status: 'EXPIRED' }))).toBe('Expired');
    expect(cellText(createElement(WinnerStatusChip, { status: 'PAID' }))).toBe('Paid');
  });
});
