import { gunzipSync } from 'node:zlib';

// A broker's published instrument master is downloaded once a day from a host we do not control: its size is
// capped so a wrong or hostile answer cannot fill the server's memory. The body is read as a stream and the read
// stops at the cap; a gzipped body is inflated with the same cap on what it inflates to.

/**
 * The largest master we read (raw, and once inflated). The real ones are far below it: Angel One's scrip master,
 * the largest, is some tens of megabytes of JSON for every segment.
 */
export const MASTER_MAX_BYTES = 256 * 1024 * 1024;

/** The body of `response`, at most `maxBytes`; past it the download is cancelled and an error names the cap. */
export async function readBoundedBody(response: Response, maxBytes = MASTER_MAX_BYTES): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new Error(`the download is ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the download passed the ${maxBytes}-byte limit`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, size);
}

/** `body` inflated when it is gzip (else as it is), never to more than `maxBytes`. */
export function inflateBounded(body: Buffer, maxBytes = MASTER_MAX_BYTES): Buffer {
  const gzipped = body[0] === 0x1f && body[1] === 0x8b;
  if (!gzipped) return body;
  try {
    return gunzipSync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`the download inflates past the ${maxBytes}-byte limit`);
    throw error;
  }
}

/** The body as text, read within the cap (and inflated within it when gzipped). */
export async function readBoundedText(response: Response, maxBytes = MASTER_MAX_BYTES): Promise<string> {
  return inflateBounded(await readBoundedBody(response, maxBytes), maxBytes).toString('utf8');
}
