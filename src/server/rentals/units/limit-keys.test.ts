import { describe, expect, it } from 'vitest';
import { emailLimitKey, placeLimitKey } from './limit-keys';

/** Each group's spellings are one key; different groups are different keys. */
export const EMAIL_GROUPS = [
  ['ana@example.com', 'ANA@Example.com', 'ana+ac@example.com', 'ana+one+two@example.com', 'Ana+@EXAMPLE.COM'],
  ['a.na@example.com', 'a.na+x@example.com'],
  ['bob.smith@gmail.com', 'bobsmith@gmail.com', 'B.o.b.Smith+summer@googlemail.com', 'bobsmith+1@GMAIL.com'],
  ['bobsmith@gmail.co'],
  ['"odd@local"@example.com', '"odd@local"+tag@example.com'],
  ['no-at-sign'],
];

describe('emailLimitKey', () => {
  it('reads every spelling of one mailbox as one key', () => {
    for (const group of EMAIL_GROUPS) {
      expect(new Set(group.map(emailLimitKey)), group.join(', ')).toHaveProperty('size', 1);
    }
  });

  it('keeps different mailboxes apart', () => {
    const keys = EMAIL_GROUPS.map((group) => emailLimitKey(group[0]!));
    expect(new Set(keys).size).toBe(EMAIL_GROUPS.length);
  });

  it('drops the tag and, for Gmail, the dots and the googlemail domain', () => {
    expect(emailLimitKey('Ana+ac@Example.com')).toBe('ana@example.com');
    expect(emailLimitKey('a.na@example.com')).toBe('a.na@example.com');
    expect(emailLimitKey('B.o.b+x@googlemail.com')).toBe('bob@gmail.com');
  });
});

const spell = { zipCode: '92626' };
export const PLACE_GROUPS: { address: string; zipCode: string }[][] = [
  [
    '9 Spell Street',
    '9 Spell St',
    '9 Spell St.',
    '9 Spell Str',
    '9 Spell street,',
    'Nine Spell Street',
    '  9   SPELL   STREET ',
    'nine spell st',
  ].map((address) => ({ address, ...spell })),
  [{ address: '9 Spell Street', zipCode: '92626-4411' }],
  ['21 North Harbor Boulevard', 'twenty-one N. Harbor Blvd', 'Twenty One north harbor boul'].map((address) => ({
    address,
    ...spell,
  })),
  ['105 Elm Avenue Apt 4', '105 Elm Ave #4', '105 elm av. unit 4', 'one hundred five Elm Avenue Suite 4'].map(
    (address) => ({ address, ...spell }),
  ),
  [
    { address: '3 Oak Road', zipCode: '92626' },
    { address: '3 Oak Rd.', zipCode: '92626' },
  ],
  [{ address: '3 Oak Drive', zipCode: '92626' }],
  [{ address: '3 Oak Road', zipCode: '92627' }],
  ['12 Pine Lane', '12 pine ln'].map((address) => ({ address, ...spell })),
  ['12 Pine Court', '12 Pine Ct.'].map((address) => ({ address, ...spell })),
  ['12 Pine Place', '12 Pine Pl'].map((address) => ({ address, ...spell })),
  ['12 Pine Circle', '12 Pine Cir'].map((address) => ({ address, ...spell })),
  ['12 Pine Parkway', '12 Pine Pkwy'].map((address) => ({ address, ...spell })),
  ['12 Coast Highway', '12 Coast Hwy'].map((address) => ({ address, ...spell })),
  ['12 Pine Terrace', '12 Pine Ter.'].map((address) => ({ address, ...spell })),
  ['12 Pine Way', '12 pine way'].map((address) => ({ address, ...spell })),
  ['12 Pine Way Apt 2'].map((address) => ({ address, ...spell })),
  ['12 Pine Way Apt 3'].map((address) => ({ address, ...spell })),
  ['90 South West Street', '90 S. W. St.'].map((address) => ({ address, ...spell })),
  ['90 Southwest Street', '90 SW Street'].map((address) => ({ address, ...spell })),
  ['One Infinite Loop', '1 Infinite Loop'].map((address) => ({ address, ...spell })),
  ['19 Main St', 'nineteen main street'].map((address) => ({ address, ...spell })),
  ['90 Main St', 'ninety main street'].map((address) => ({ address, ...spell })),
];

describe('placeLimitKey', () => {
  it('reads every spelling of one address as one key', () => {
    for (const group of PLACE_GROUPS) {
      const keys = new Set(group.map(placeLimitKey));
      expect(keys, group.map((place) => place.address).join(' / ')).toHaveProperty('size', 1);
    }
  });

  it('keeps different addresses apart: another street type, unit, ZIP or number', () => {
    const keys = PLACE_GROUPS.map((group) => placeLimitKey(group[0]!));
    // The ZIP+4 group is the first group's place: one key fewer than groups.
    expect(new Set(keys).size).toBe(PLACE_GROUPS.length - 1);
  });

  it('writes the key as USPS abbreviates, with the house number in digits and the 5-digit ZIP', () => {
    expect(placeLimitKey({ address: 'Nine Spell Street,', zipCode: '92626-4411' })).toBe('9 spell st|92626');
    expect(placeLimitKey({ address: 'twenty-one N. Harbor Boulevard', zipCode: '92626' })).toBe(
      '21 n harbor blvd|92626',
    );
    expect(placeLimitKey({ address: '105 Elm Avenue Apartment 4', zipCode: '92626' })).toBe('105 elm ave #4|92626');
  });

  it('leaves words after the house number as they are', () => {
    expect(placeLimitKey({ address: '7 One Oak Street', zipCode: '92626' })).toBe('7 one oak st|92626');
    expect(placeLimitKey({ address: 'one two street', zipCode: '92626' })).toBe('1 two st|92626');
  });
});
