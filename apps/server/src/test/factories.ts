import { randomBytes } from 'node:crypto';
import type { App } from '../http.js';

/** A unique e-mail address for a test client. */
export const uniqueEmail = (label = 'client') => `${label}.${randomBytes(4).toString('hex')}@example.com`;

export interface RegisteredClient {
  email: string;
  password: string;
  token: string;
  user: Record<string, unknown> & { email: string; pin: string; uniqid: string };
}

/** A valid registration form (spec §7 register); any field can be overridden. */
export function registrationForm(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Robin',
    last_name: 'Register',
    email: uniqueEmail('register'),
    phone: '+44 7400 123456',
    password: 'Secret123!',
    agree: true,
    country: '',
    ref: '',
    info: { browser: 'test' },
    ...overrides,
  };
}

/** Registers a client through the API (demo brand unless `host` says otherwise) and returns its session. */
export async function registerClient(
  app: App,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RegisteredClient> {
  const form = registrationForm(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/accounts/register', payload: form, headers });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const { access_token, user } = res.json().data;
  return { email: form.email as string, password: form.password as string, token: access_token, user };
}

/** Logs in through the API and returns the access token. */
export async function loginToken(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token;
}

/** A tiny but real JPEG (SOI, APP0 'JFIF', padding, EOI), `size` bytes long. */
export function jpegBytes(size = 2048): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const tail = Buffer.from([0xff, 0xd9]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

/** A PDF header and trailer around padding, `size` bytes long. */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

/** The first bytes of a PNG image. */
export const pngBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 1)]);

export interface MultipartFile {
  field?: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it, fields and files in the order given. */
export function multipart(parts: Array<[string, string] | MultipartFile>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----openbroker${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) {
      const [name, value] = part;
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
