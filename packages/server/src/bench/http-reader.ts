/**
 * Reads HTTP/1.1 responses off one keep-alive connection without decoding their bodies: the status
 * from the status line, the body skipped by `content-length` or by chunked framing. The bench's load
 * generator only needs when each answer ends and its status (decision 068).
 */
export class ResponseReader {
  /** Bytes received and not yet consumed (a head or a chunk-size line cut between two reads). */
  private pending: Buffer | undefined;
  private state: 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'trailer' = 'head';
  /** In `body`: body bytes still to skip; in `chunk-data`: the chunk's bytes and its CRLF. */
  private left = 0;
  private status = 0;
  private closing = false;

  /**
   * `onResponse(status, closing)` is called once per complete response in `chunk`, in order;
   * `closing` when the server said it closes the connection after it (`connection: close`).
   */
  constructor(private readonly onResponse: (status: number, closing: boolean) => void) {}

  /** Throws on bytes that are not an HTTP/1.1 response this reader understands. */
  push(chunk: Buffer): void {
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    while (data.length > 0) {
      if (this.state === 'body' || this.state === 'chunk-data') {
        const taken = Math.min(this.left, data.length);
        this.left -= taken;
        data = data.subarray(taken);
        if (this.left > 0) return;
        if (this.state === 'body') this.complete();
        else this.state = 'chunk-size';
        continue;
      }
      const lineEnd = data.indexOf(this.state === 'head' ? HEAD_END : CRLF);
      if (lineEnd < 0) {
        this.pending = data;
        return;
      }
      if (this.state === 'head') {
        this.readHead(data.toString('latin1', 0, lineEnd));
        data = data.subarray(lineEnd + HEAD_END.length);
      } else if (this.state === 'chunk-size') {
        const size = Number.parseInt(data.toString('latin1', 0, lineEnd), 16);
        if (!Number.isFinite(size)) throw new Error('bad chunk size');
        data = data.subarray(lineEnd + CRLF.length);
        if (size === 0) this.state = 'trailer';
        else [this.state, this.left] = ['chunk-data', size + CRLF.length];
      } else {
        // After the last chunk: trailer lines, if any, then an empty line ends the answer.
        data = data.subarray(lineEnd + CRLF.length);
        if (lineEnd === 0) this.complete();
      }
    }
  }

  private readHead(head: string) {
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
    if (!status) throw new Error(`not an HTTP/1.1 response: ${head.slice(0, 40)}`);
    this.status = Number(status[1]);
    this.closing = /\r\nconnection:\s*close/i.test(head);
    if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
      this.state = 'chunk-size';
      return;
    }
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    // 204 and 304 have no body; any other answer here says how long its body is.
    if (!length && this.status !== 204 && this.status !== 304) throw new Error('answer without a length');
    this.left = Number(length?.[1] ?? 0);
    this.state = 'body';
    if (this.left === 0) this.complete();
  }

  private complete() {
    this.state = 'head';
    this.onResponse(this.status, this.closing);
  }
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
