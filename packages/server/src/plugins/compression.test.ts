import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import {
  COMPRESS_FROM_BYTES,
  COMPRESS_IN_ONE_CALL_UP_TO_BYTES,
  payloadOf,
  registerCompression,
  sentAlike,
} from './compression.ts';
import { deflatePiece } from '../lib/gzip-join.ts';

/** A JSON answer of about `bytes` bytes, shaped like a list page. */
const answerOf = (bytes: number) => {
  const row = { id: 'c0ffee00-0000-4000-8000-000000000000', title: 'Open data in practice', enrolled: false };
  const rows = Array.from({ length: Math.ceil(bytes / JSON.stringify(row).length) }, () => row);
  return JSON.stringify({ success: true, data: rows });
};

/** An answer of about `bytes` bytes cut in two: a part kept in a cache and the caller's own end. */
const joinedParts = (bytes: number) => {
  const text = answerOf(bytes);
  return [Buffer.from(text.slice(0, -30)), Buffer.from(text.slice(-30))] as const;
};

async function server() {
  const app = Fastify();
  await registerCompression(app);
  for (const [path, bytes] of [
    ['/small', COMPRESS_FROM_BYTES / 2],
    ['/page', 20_000],
    ['/large', COMPRESS_IN_ONE_CALL_UP_TO_BYTES * 2],
  ] as const) {
    const text = answerOf(bytes);
    app.get(path, (_request, reply) => reply.type('application/json').send(text));
  }
  const alike = sentAlike(Buffer.from(answerOf(20_000)));
  app.get('/alike', (_request, reply) => reply.type('application/json').send(alike));
  for (const [path, bytes] of [
    ['/joined', 20_000],
    ['/joined-small', COMPRESS_FROM_BYTES / 2],
  ] as const) {
    const [kept, own] = joinedParts(bytes);
    const deflated = deflatePiece(kept);
    app.get(path, (_request, reply) =>
      reply
        .type('application/json')
        .header('vary', 'origin')
        .send(payloadOf(reply, { parts: [kept, own], pieces: () => [{ deflated }, own] })),
    );
  }
  app.get('/joined-kept', (_request, reply) =>
    reply.type('application/json').send(payloadOf(reply, keptAnswer)),
  );
  await app.ready();
  return app;
}

/** One joined answer sent on every request to `/joined-kept`, as one kept in a cache is. */
const keptAnswer = (() => {
  const [kept, own] = joinedParts(20_000);
  const deflated = deflatePiece(kept);
  return { parts: [kept, own], pieces: vi.fn(() => [{ deflated }, own]) };
})();

describe('response compression (decision 050)', () => {
  it('compresses a catalogue-sized answer in one piece, with its length, in the encoding asked for', async () => {
    const app = await server();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await app.inject({ url: '/page', headers: { 'accept-encoding': encoding } });
      expect(answer.headers).toMatchObject({ 'content-encoding': encoding, vary: 'accept-encoding' });
      // A content-length (not a chunked stream) is what the one-call path gives: the 8 kB default
      // would have streamed this 20 kB answer.
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(2_000);
      expect(decode(answer.rawPayload).toString()).toBe(answerOf(20_000));
    }
    await app.close();
  });

  it('streams answers above the one-call size, and leaves small answers and plain clients alone', async () => {
    const app = await server();
    const large = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(large.rawPayload).toString()).toBe(
      answerOf(COMPRESS_IN_ONE_CALL_UP_TO_BYTES * 2),
    );

    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(answerOf(COMPRESS_FROM_BYTES / 2));

    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(answerOf(20_000));
    await app.close();
  });

  describe('bytes sent alike to many callers (decision 051)', () => {
    afterEach(() => vi.restoreAllMocks());

    it('are compressed once per encoding; other answers every time', async () => {
      const app = await server();
      const brotli = vi.spyOn(zlib, 'brotliCompressSync');
      const gzip = vi.spyOn(zlib, 'gzipSync');
      const ask = (url: string, encoding: string) =>
        app.inject({ url, headers: { 'accept-encoding': encoding } });

      const first = await ask('/alike', 'br');
      const second = await ask('/alike', 'br');
      expect(brotli).toHaveBeenCalledTimes(1);
      expect(second.rawPayload).toEqual(first.rawPayload);
      expect(second.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
      expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);
      expect(brotliDecompressSync(second.rawPayload).toString()).toBe(answerOf(20_000));

      const gzipped = await ask('/alike', 'gzip');
      await ask('/alike', 'gzip');
      expect(gzip).toHaveBeenCalledTimes(1);
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(answerOf(20_000));
      expect((await ask('/alike', 'identity')).body).toBe(answerOf(20_000));

      await ask('/page', 'br');
      await ask('/page', 'br');
      expect(brotli).toHaveBeenCalledTimes(3);
      await app.close();
    });
  });

  describe('answers joined per caller from cached bytes (decision 057)', () => {
    afterEach(() => vi.restoreAllMocks());
    const joinedServer = server();
    afterAll(async () => (await joinedServer).close());
    const ask = async (url: string, headers: Record<string, string>) =>
      (await joinedServer).inject({ url, headers });

    it('go gzip-joined wherever gzip is taken, brotli or not, without compressing them again', async () => {
      const compressors = [
        vi.spyOn(zlib, 'brotliCompressSync'),
        vi.spyOn(zlib, 'gzipSync'),
        vi.spyOn(zlib, 'deflateRawSync'),
      ];
      for (const encoding of ['gzip, deflate, br, zstd', 'br, gzip', 'gzip']) {
        const answer = await ask('/joined', { 'accept-encoding': encoding });
        expect(answer.headers).toMatchObject({
          'content-encoding': 'gzip',
          vary: 'origin, accept-encoding',
          'content-type': 'application/json',
        });
        expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
        expect(answer.rawPayload.length).toBeLessThan(2_000);
        expect(gunzipSync(answer.rawPayload).toString()).toBe(answerOf(20_000));
      }
      for (const compress of compressors) expect(compress).not.toHaveBeenCalled();
    });

    it('are compressed as any other answer for a client without gzip, and left alone when small or unasked', async () => {
      const brotli = await ask('/joined', { 'accept-encoding': 'br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(answerOf(20_000));

      for (const headers of [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
      ] as Record<string, string>[]) {
        const plain = await ask('/joined', headers);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(answerOf(20_000));
      }
      const small = await ask('/joined-small', { 'accept-encoding': 'gzip' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body).toBe(answerOf(COMPRESS_FROM_BYTES / 2));
    });

    it('are joined once per form when the same answer is sent again, as a kept one is (decision 149)', async () => {
      const concat = vi.spyOn(Buffer, 'concat');
      const gzipped = [];
      const plain = [];
      for (let i = 0; i < 3; i++) {
        gzipped.push(await ask('/joined-kept', { 'accept-encoding': 'gzip' }));
        plain.push(await ask('/joined-kept', {}));
      }
      expect(keptAnswer.pieces).toHaveBeenCalledTimes(1);
      const joinedParts = concat.mock.calls.filter(([list]) => list[0] === keptAnswer.parts[0]);
      expect(joinedParts).toHaveLength(1);
      for (const answer of gzipped) {
        expect(answer.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
        expect(gunzipSync(answer.rawPayload).toString()).toBe(answerOf(20_000));
      }
      for (const answer of plain) {
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.body).toBe(answerOf(20_000));
      }
    });
  });

  describe('in the app', () => {
    const testApp = createTestApp();
    afterAll(async () => (await testApp).close());

    it('compresses API answers for browsers', async () => {
      const { app } = await testApp;
      const answer = await app.inject({
        url: '/api/docs',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toHaveProperty('openapi');
    });
  });
});
