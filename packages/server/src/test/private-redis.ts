import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A port nothing listens on right now (the kernel picks it, we release it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('error', () => resolve(false));
  });
}

/**
 * A redis-server of this test's own (never the shared one), without persistence, on `port`; fault
 * tests stop it with kill() and start it again on the same port.
 */
export class PrivateRedis {
  private process: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    // A missing redis-server must fail the test, not skip it.
    const failed = new Promise<never>((_, reject) => this.process!.once('error', reject));
    for (let i = 0; i < 100; i++) {
      if (await Promise.race([accepts(this.port), failed])) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** SIGSTOP / SIGCONT: a Redis that stops answering for a while (a fork, a swap) but keeps its connections. */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }

  /** SIGKILL: the way a crashed or unplugged Redis goes, without a goodbye to its clients. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
