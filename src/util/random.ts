// Random bytes from the Web Crypto every runtime memcue runs on has built in (Bun, Node ≥ 19):
// importing node:crypto for them cost Bun ~1.5 ms CPU of every add (measured in a compiled program
// that only prints 8 random bytes: 4.5-5.0 ms with node:crypto, 3.0 with this, hello world 3.2-3.8).
export function randomBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}
