import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, as Razorpay signs payments (`order_id|payment_id`) and webhooks (the raw body). */
export function hmacSha256Hex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of an expected hex signature with a received one (any length, any text). */
export function signatureMatches(expectedHex: string, received: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(received.trim().toLowerCase(), 'utf8');
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(expected, actual);
}

/** The signature of a successful payment: hex HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-style id: `prefix_` and 14 random alphanumeric characters (e.g. `order_EKwxwAgItmmXdp`). */
export function providerStyleId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
  let suffix = '';
  for (let i = 0; i < 14; i += 1) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${suffix}`;
}

/** A Razorpay-style id derived from `key` (the same key, the same id): 14 characters of its SHA-256. */
export function keyedProviderId(prefix: 'rfnd', key: string): string {
  const digest = createHash('sha256').update(key).digest();
  let suffix = '';
  for (let i = 0; i < 14; i += 1) suffix += ID_ALPHABET[(digest[i] ?? 0) % ID_ALPHABET.length];
  return `${prefix}_${suffix}`;
}
