import http from 'node:http';

/** A keep-alive HTTP/1.1 client on loopback; resolves with the status and parsed body, and the time it took. */
export class LoopbackClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

  constructor(private readonly port: number) {}

  request(method: string, path: string, token: string | undefined, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    return new Promise<{ status: number; body: { data?: { orderId?: string } }; ms: number }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: this.port,
            method,
            path: `/v1/options-x${path}`,
            agent: this.agent,
            headers: {
              ...(token ? { authorization: token } : {}),
              ...(payload
                ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
                : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({
                status: res.statusCode ?? 0,
                body: text ? JSON.parse(text) : {},
                ms: performance.now() - started,
              });
            });
          },
        );
        req.on('error', reject);
        if (payload) req.write(payload);
        req.end();
      },
    );
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Latency samples in milliseconds. */
export class Samples {
  private readonly values: number[] = [];
  errors = 0;

  add(ms: number): void {
    this.values.push(ms);
  }

  get count(): number {
    return this.values.length;
  }

  percentile(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
  }
}
