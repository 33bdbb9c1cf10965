import { describe, expect, it } from 'vitest';
import {
  KYC_FIELD_RULES, KYC_OPTION_FIELDS, KYC_OPTION_TYPES, checkKycImage, kycImageKind, kycNoteSchema, usernameSchema, validateKycDetails,
} from './validation.js';
import { usernameModerationBody, usernameModerationForm, usernameForRole } from './api.js';
import { MSG } from './messages.js';

type Field = keyof typeof KYC_FIELD_RULES;

/** The first message of a failed parse, or null when the value is accepted. */
function messageOf(field: Field, value: unknown): string | null {
  const res = KYC_FIELD_RULES[field].safeParse(value);
  return res.success ? null : (res.error.issues[0]?.message ?? '<no message>');
}

/** Every KYC field rule: values that must pass and values that must fail with their exact message. */
const CASES: Record<Field, { valid: string[]; invalid: [unknown, string][] }> = {
  email: {
    valid: ['a@b.co', 'player.one+x@example.com', '  a@b.co  '],
    invalid: [['a@b', MSG.INVALID_EMAIL], ['a b@c.de', MSG.INVALID_EMAIL], ['@b.co', MSG.INVALID_EMAIL], ['', 'Invalid field: Email'], ['   ', 'Invalid field: Email'], [undefined, 'Invalid field: Email']],
  },
  firstName: {
    valid: ['John', 'Anne-Marie', 'Mary Ann', 'A', 'a'.repeat(50)],
    invalid: [['John2', 'Invalid field: First name'], ['J0hn', 'Invalid field: First name'], ["O'Neil", 'Invalid field: First name'], ['a'.repeat(51), 'Invalid field: First name'], ['', 'Invalid field: First name']],
  },
  lastName: {
    valid: ['Smith', 'Smith-Jones', 'van Dyke', 'b'.repeat(50)],
    invalid: [['Smith3', 'Invalid field: Last name'], ['b'.repeat(51), 'Invalid field: Last name'], ['Müller', 'Invalid field: Last name'], [' ', 'Invalid field: Last name']],
  },
  passportId: {
    valid: ['12345', '1'.repeat(50)],
    invalid: [['1234', 'Invalid field: Passport ID'], ['12345a', 'Invalid field: Passport ID'], ['1'.repeat(51), 'Invalid field: Passport ID'], ['', 'Invalid field: Passport ID']],
  },
  cardId: {
    valid: ['AB123', 'ID12345678', 'a'.repeat(50)],
    invalid: [['AB12', 'Invalid field: Card ID'], ['AB12#3', 'Invalid field: Card ID'], ['AB 123', 'Invalid field: Card ID'], ['a'.repeat(51), 'Invalid field: Card ID'], ['', 'Invalid field: Card ID']],
  },
  phoneNumber: {
    valid: ['123456', '9'.repeat(16)],
    invalid: [['12345', 'Invalid field: Phone number'], ['1'.repeat(17), 'Invalid field: Phone number'], ['+905551234', 'Invalid field: Phone number'], ['', 'Invalid field: Phone number']],
  },
  postCode: {
    valid: ['1234', '1234567890'],
    invalid: [['123', 'Invalid field: Post code'], ['12345678901', 'Invalid field: Post code'], ['12a45', 'Invalid field: Post code'], ['', 'Invalid field: Post code']],
  },
  address: {
    valid: ['ab', 'x'.repeat(120), '12 Market Street'],
    invalid: [['a', 'Invalid field: Address'], ['x'.repeat(121), 'Invalid field: Address'], ['', 'Invalid field: Address'], ['  a  ', 'Invalid field: Address']],
  },
  city: {
    valid: ['Ko', 'Istanbul', 'c'.repeat(20)],
    invalid: [['c'.repeat(21), 'Invalid field: City'], ['I', 'Invalid field: City'], ['', 'Invalid field: City']],
  },
  country: {
    valid: ['TR', 'Germany'],
    invalid: [['', 'Invalid field: Country'], ['   ', 'Invalid field: Country'], [undefined, 'Invalid field: Country']],
  },
  birthDate: {
    valid: ['1900-01-01', '2007-12-31', '1985-06-15'],
    invalid: [
      ['1899-12-31', 'Invalid field: Birth date'], ['2008-01-01', 'Invalid field: Birth date'], ['1985/06/15', 'Invalid field: Birth date'],
      ['15-06-1985', 'Invalid field: Birth date'], ['1985-13-01', 'Invalid field: Birth date'], ['', 'Invalid field: Birth date'],
    ],
  },
  imageUrl: { valid: ['/api/files/x'], invalid: [['', 'Invalid field: Image'], [undefined, 'Invalid field: Image']] },
  frontImageUrl: { valid: ['/api/files/x'], invalid: [['', 'Invalid field: Front image'], [' ', 'Invalid field: Front image']] },
  backImageUrl: { valid: ['/api/files/x', ''], invalid: [[5, 'Value: expected text.']] },
};

describe('KYC_FIELD_RULES', () => {
  it('has a case table for every rule (a new field needs its own cases)', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(KYC_FIELD_RULES).sort());
  });

  for (const field of Object.keys(CASES) as Field[]) {
    describe(field, () => {
      const { valid, invalid } = CASES[field];
      it.each(valid.map((v) => [v]))(`accepts %j`, (v) => {
        expect(messageOf(field, v)).toBeNull();
      });
      it.each(invalid)(`refuses %j with %j`, (v, message) => {
        expect(messageOf(field, v)).toBe(message);
      });
    });
  }

  it('trims the value it accepts', () => {
    expect(KYC_FIELD_RULES.email.parse('  a@b.co  ')).toBe('a@b.co');
    expect(KYC_FIELD_RULES.city.parse(' Istanbul ')).toBe('Istanbul');
  });

  it('backImageUrl is optional (CARD_COPY may have only the front image)', () => {
    expect(KYC_FIELD_RULES.backImageUrl.safeParse(undefined).success).toBe(true);
  });

  // Regression: Date.parse accepts 2007-02-30 (rolls over), so the rule checks the calendar date.
  it('birthDate refuses a date that does not exist (2007-02-30, 1999-04-31) with Invalid field: birthDate', () => {
    expect(messageOf('birthDate', '2007-02-30')).toBe('Invalid field: Birth date');
    expect(messageOf('birthDate', '1999-04-31')).toBe('Invalid field: Birth date');
  });
});

describe('validateKycDetails', () => {
  const good: Record<string, string> = {
    email: 'a@b.co', phoneNumber: '905551234', postCode: '34000', address: '12 Market Street', city: 'Istanbul', country: 'TR',
    firstName: 'Demo', lastName: 'Player', birthDate: '1990-05-17', passportId: '123456789', cardId: 'ID12345678',
  };

  it.each(KYC_OPTION_TYPES.map((t) => [t]))('%s: valid details answer no messages', (t) => {
    expect(validateKycDetails(t, good)).toEqual([]);
  });

  it('image option types ignore their image fields (they are uploaded, not edited)', () => {
    expect(validateKycDetails('PASSPORT_COPY', {})).toEqual([]);
    expect(validateKycDetails('CARD_COPY', {})).toEqual([]);
  });

  it.each([
    ['EMAIL', { email: 'a@b' }, [MSG.INVALID_EMAIL]],
    ['EMAIL', {}, ['Invalid field: Email']],
    ['MOBILE_NUMBER', { phoneNumber: '12345' }, ['Invalid field: Phone number']],
    ['ADDRESS', {}, ['Invalid field: Post code', 'Invalid field: Address', 'Invalid field: City', 'Invalid field: Country']],
    ['ADDRESS', { postCode: '123', address: 'x', city: 'c'.repeat(21), country: 'TR' }, ['Invalid field: Post code', 'Invalid field: Address', 'Invalid field: City']],
    ['PERSONAL_DETAILS', { firstName: 'J0hn', lastName: 'Smith', birthDate: '2008-01-01' }, ['Invalid field: First name', 'Invalid field: Birth date']],
    ['PASSPORT_ID', { passportId: '1234' }, ['Invalid field: Passport ID']],
    ['CARD_ID', { cardId: 'AB-123' }, ['Invalid field: Card ID']],
  ] as const)('%s %j → %j', (t, details, messages) => {
    expect(validateKycDetails(t, details)).toEqual(messages);
  });

  it('only validates the fields of the option type', () => {
    expect(validateKycDetails('EMAIL', { email: 'a@b.co', phoneNumber: 'x' })).toEqual([]);
  });

  it('the option type table matches the spec (000 §3)', () => {
    expect(KYC_OPTION_FIELDS).toEqual({
      PASSPORT_COPY: ['imageUrl'], CARD_COPY: ['frontImageUrl', 'backImageUrl'], EMAIL: ['email'], MOBILE_NUMBER: ['phoneNumber'],
      ADDRESS: ['postCode', 'address', 'city', 'country'], PERSONAL_DETAILS: ['firstName', 'lastName', 'birthDate'],
      PASSPORT_ID: ['passportId'], CARD_ID: ['cardId'],
    });
  });
});

describe('checkKycImage', () => {
  it.each([
    ['photo.gif', 100, MSG.KYC_IMAGE_TYPE],
    ['photo.webp', 100, MSG.KYC_IMAGE_TYPE],
    ['photo', 100, MSG.KYC_IMAGE_TYPE],
    ['photo.png.exe', 100, MSG.KYC_IMAGE_TYPE],
    ['photo.png', 5_242_880, MSG.KYC_IMAGE_SIZE],
    ['photo.jpg', 10_000_000, MSG.KYC_IMAGE_SIZE],
    ['photo.gif', 10_000_000, MSG.KYC_IMAGE_TYPE],
    ['photo.png', 5_242_879, null],
    ['photo.PNG', 1000, null],
    ['photo.JPeG', 1000, null],
    ['photo.jpg', 0, null],
    ['my.scan.jpeg', 1, null],
  ] as const)('%s of %d bytes → %j', (name, size, expected) => {
    expect(checkKycImage(name, size)).toBe(expected);
  });

  it('uses the exact spec messages', () => {
    expect(checkKycImage('a.gif', 1)).toBe('Only (jpg,jpeg,png) image files are allowed.');
    expect(checkKycImage('a.png', 5_242_880)).toBe('Image must be smaller than 5MB.');
  });
});

describe('kycNoteSchema', () => {
  it.each([[''], ['   '], [undefined], [null]])('refuses %j with the required-note message', (v) => {
    const res = kycNoteSchema.safeParse(v);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Note for the player cannot be empty!');
  });
  it('accepts a note, trimmed', () => {
    expect(kycNoteSchema.parse('  Looks good. ')).toBe('Looks good.');
  });
  it('caps the note at 200 characters', () => {
    expect(kycNoteSchema.safeParse('n'.repeat(200)).success).toBe(true);
    const res = kycNoteSchema.safeParse('n'.repeat(201));
    expect(res.error?.issues[0]?.message).toBe('Note must be at most 200 characters.');
  });
});

describe('usernameSchema (001 §5)', () => {
  it.each([[''], ['abcdef'], ['abcdefghij0123456789'], ['Ab_c-d1'], ['-abcde'], ['player_new'], ['ABCDEF']])('accepts %j', (v) => {
    expect(usernameSchema.safeParse(v).success).toBe(true);
  });
  it.each([
    ['abcde'], ['abcdefghij01234567890'], ['1abcdef'], ['_abcdef'], ['abc def'], ['abc.def'], ['abcdé1'], ['abc@def'], [' abcdef'],
  ])('refuses %j with the username message', (v) => {
    const res = usernameSchema.safeParse(v);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Invalid username, please enter valid characters...');
  });
  it('is enforced only for non-super roles', () => {
    expect(usernameForRole(true).safeParse('1 bad name!').success).toBe(true);
    expect(usernameForRole(false).safeParse('1 bad name!').success).toBe(false);
  });
});

describe('usernameModerationBody', () => {
  const messages = (v: unknown) => {
    const res = usernameModerationBody.safeParse(v);
    return res.success ? [] : res.error.issues.map((i) => i.message);
  };
  it('REJECT without a note → Note for the player is required', () => {
    expect(messages({ playerCode: 'P1', username: 'abcdef', status: 'REJECT' })).toEqual(['Note for the player is required']);
    expect(messages({ playerCode: 'P1', username: 'abcdef', status: 'REJECT', note: '   ' })).toEqual(['Note for the player is required']);
  });
  it('REJECT with a note is accepted', () => {
    expect(messages({ playerCode: 'P1', username: 'abcdef', status: 'REJECT', note: 'offensive' })).toEqual([]);
  });
  it('APPROVE needs no note and defaults it to empty', () => {
    expect(usernameModerationBody.parse({ playerCode: 'P1', username: 'abcdef', status: 'APPROVE' }).note).toBe('');
  });
  it.each([[undefined], [''], ['DONE']])('status %j → Username status cannot be empty.', (status) => {
    expect(messages({ playerCode: 'P1', username: 'abcdef', status })).toEqual(['Username status cannot be empty.']);
  });
  it('playerCode is required', () => {
    expect(messages({ playerCode: ' ', username: 'abcdef', status: 'APPROVE' })).toEqual(['playerCode is required.']);
  });
});

describe('kycImageKind (the bytes, not the name)', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  it.each([
    ['a PNG', png, 'png'],
    ['a JPEG (JFIF)', jpeg, 'jpeg'],
    ['a JPEG (Exif)', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]), 'jpeg'],
    ['empty', Buffer.alloc(0), null],
    ['text named .png', Buffer.from('<html><script>alert(1)</script></html>'), null],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), null],
    ['the PNG signature alone', png.subarray(0, 8), null],
    ['the PNG signature then no IHDR', Buffer.concat([png.subarray(0, 12), Buffer.from('tEXt'), Buffer.alloc(40)]), null],
    ['a JPEG start-of-image only', Buffer.from([0xff, 0xd8]), null],
    ['zeros', Buffer.alloc(100), null],
  ] as const)('%s → %j', (_name, bytes, kind) => {
    expect(kycImageKind(new Uint8Array(bytes))).toBe(kind);
  });
});

describe('usernameModerationForm (the Edit Username form; the server applies the same usernameDecisionProblem)', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));
  it('refuses a username outside the rule for non-super moderators, and accepts it for super ones', () => {
    expect(messages(usernameModerationForm(false).safeParse({ username: '1 bad name!', status: 'APPROVE', note: '' }))).toEqual([MSG.USERNAME_INVALID]);
    expect(usernameModerationForm(true).safeParse({ username: '1 bad name!', status: 'APPROVE', note: '' }).success).toBe(true);
  });
  it('a REJECT needs its note, whatever the username', () => {
    expect(messages(usernameModerationForm(true).safeParse({ username: '', status: 'REJECT', note: '' }))).toEqual([MSG.USERNAME_NOTE_REQUIRED]);
    expect(usernameModerationForm(false).safeParse({ username: '', status: 'REJECT', note: 'Offensive name.' }).success).toBe(true);
  });
});
