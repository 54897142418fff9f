import { describe, expect, it } from 'vitest';
import { decryptField, encryptField } from './crypto';

const secret = 'a-test-secret-that-is-long-enough-000000';

describe('field encryption', () => {
  it('round-trips text, including CJK, under the same context', () => {
    const stored = encryptField(secret, '王小明 A123456789', 'real_name.legal_name:7');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('A123456789');
    expect(decryptField(secret, stored, 'real_name.legal_name:7')).toBe('王小明 A123456789');
  });

  it('gives a different ciphertext each time (random IV), so equal values are not recognisable', () => {
    expect(encryptField(secret, 'A123456789')).not.toBe(encryptField(secret, 'A123456789'));
  });

  it('refuses a value moved to another row, tampered with, or read with another secret', () => {
    const stored = encryptField(secret, 'A123456789', 'real_name.id_number:1');
    expect(() => decryptField(secret, stored, 'real_name.id_number:2')).toThrow();
    const parts = stored.split('.');
    const sealed = parts[3];
    if (sealed === undefined) throw new Error('expected a sealed part');
    const body = Buffer.from(sealed, 'base64url');
    body.writeUInt8(body.readUInt8(0) ^ 1, 0);
    parts[3] = body.toString('base64url');
    expect(() => decryptField(secret, parts.join('.'), 'real_name.id_number:1')).toThrow();
    expect(() => decryptField(`${secret}x`, stored, 'real_name.id_number:1')).toThrow();
    expect(() => decryptField(secret, `v9${stored.slice(2)}`, 'real_name.id_number:1')).toThrow();
  });
});
