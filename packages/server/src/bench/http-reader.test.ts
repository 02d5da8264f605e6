import { describe, expect, it } from 'vitest';
import { ResponseReader } from './http-reader.ts';

/** Feeds `bytes` to a reader in pieces of `size` bytes; answers the statuses it reported. */
function read(bytes: Buffer, size: number): number[] {
  const statuses: number[] = [];
  const reader = new ResponseReader((status) => statuses.push(status));
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  return statuses;
}

const body = 'ع'.repeat(5_000); // two bytes each in UTF-8: the length is in bytes, not characters
const sized = (status: number, text: string) =>
  `HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
const chunked = (status: number, chunks: string[], trailer = '') =>
  `HTTP/1.1 ${status} X\r\ntransfer-encoding: chunked\r\n\r\n` +
  chunks.map((chunk) => `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`).join('') +
  `0\r\n${trailer}\r\n`;

describe('ResponseReader', () => {
  const answers = Buffer.from(
    sized(200, body) +
      sized(404, '{"success":false}') +
      `HTTP/1.1 204 No Content\r\n\r\n` +
      chunked(201, ['{"a":', body, '1}']) +
      chunked(500, ['x'], 'x-trailer: 1\r\n') +
      sized(200, ''),
  );

  it('finds where each answer ends, whatever the reads cut (lengths in bytes, chunks, no body)', () => {
    for (const size of [1, 2, 3, 7, 100, 4_096, 10_007, answers.length])
      expect(read(answers, size), `pieces of ${size}`).toEqual([200, 404, 204, 201, 500, 200]);
  });

  it('reports an answer only once all of it is in', () => {
    const one = Buffer.from(sized(200, body));
    expect(read(one.subarray(0, one.length - 1), 64)).toEqual([]);
  });

  it('refuses what is not an HTTP/1.1 answer with a length', () => {
    expect(() => read(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'), 100)).toThrow(/not an HTTP/);
    expect(() => read(Buffer.from('HTTP/1.1 200 OK\r\n\r\nrest'), 100)).toThrow(/without a length/);
  });
});
