// A small round-robin reverse proxy for `npm run cluster` (HTTP and WebSocket upgrades). Written on node:http
// rather than with http-proxy: that package has not been released since 2020, and what a local cluster needs is
// short: spread requests without stickiness, skip instances whose GET /ready is not 200 (starting, draining), and
// retry the next instance when one refuses the connection (killed), so a client never sees the dead one.
import http from 'node:http';
import net from 'node:net';

const READY_PATH = '/v1/options-x/ready';
const CHECK_EVERY_MS = 1000;
/** The server takes bodies up to 1 MB; the proxy buffers a request whole so it can retry it elsewhere. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * @param {{ port: number, backends: { id: string, host: string, port: number }[], log?: (message: string) => void }} options
 * @returns {Promise<{ port: number, close(): Promise<void> }>}
 */
export async function startProxy({ port, backends, log = () => {} }) {
  const pool = backends.map((backend) => ({ ...backend, ready: true }));
  let next = 0;

  /** Every backend once, ready ones first, starting after the last one used (round-robin). */
  const order = () => {
    const start = next++ % pool.length;
    const rotated = [...pool.slice(start), ...pool.slice(0, start)];
    return [...rotated.filter((b) => b.ready), ...rotated.filter((b) => !b.ready)];
  };
  const markDown = (backend, why) => {
    if (backend.ready) log(`proxy: ${backend.id} out of rotation (${why})`);
    backend.ready = false;
  };

  const check = (backend) =>
    new Promise((resolve) => {
      const request = http.get(
        { host: backend.host, port: backend.port, path: READY_PATH, timeout: 800 },
        (res) => {
          res.resume();
          const ready = res.statusCode === 200;
          if (ready && !backend.ready) log(`proxy: ${backend.id} back in rotation`);
          if (!ready) markDown(backend, `ready answered ${res.statusCode}`);
          else backend.ready = true;
          resolve();
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => {
        markDown(backend, error.code ?? error.message);
        resolve();
      });
    });
  const checker = setInterval(() => void Promise.all(pool.map(check)), CHECK_EVERY_MS);
  checker.unref();

  const forwardedFor = (req) => {
    const previous = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    return previous ? `${previous}, ${client}` : client;
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'Request body too large' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = {
        ...req.headers,
        'x-forwarded-for': forwardedFor(req),
        'content-length': String(body.length),
      };
      delete headers['transfer-encoding'];
      const candidates = order();
      const attempt = (index) => {
        const backend = candidates[index];
        if (!backend) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: false, message: 'No instance is reachable' }));
          return;
        }
        const upstream = http.request(
          { host: backend.host, port: backend.port, method: req.method, path: req.url, headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error) => {
          // Nothing was answered yet: the instance is gone (refused, reset), so the next one gets the request.
          if (!res.headersSent) {
            markDown(backend, error.code ?? error.message);
            attempt(index + 1);
          } else res.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });

  server.on('upgrade', (req, client, head) => {
    const candidates = order();
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i].toLowerCase() !== 'x-forwarded-for')
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    lines.push(`X-Forwarded-For: ${forwardedFor(req)}`);
    const requestHead = `${lines.join('\r\n')}\r\n\r\n`;
    client.on('error', () => client.destroy());
    const attempt = (index) => {
      const backend = candidates[index];
      if (!backend) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect(backend.port, backend.host);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        upstream.write(requestHead);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error) => {
        if (!connected) {
          markDown(backend, error.code ?? error.message);
          attempt(index + 1);
        } else client.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', resolve);
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        clearInterval(checker);
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
