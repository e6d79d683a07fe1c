// Test support: a real SMTP server on loopback for the receipt email's tests (the npm `smtp-server`,
// nodemailer's own test server, with `mailparser` reading what arrived), which can refuse the next
// recipients as a busy server does; and a server that takes the connection and never answers (SMTP
// down, as a hung relay is).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  /** every message accepted, parsed */
  received: ParsedMail[];
  /** how many recipients to refuse next (451, quoting the address as real servers do) */
  refuse: number;
  /** the recipients refused so far */
  refused: number;
  /** resolves once `count` messages have arrived */
  until(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const smtp: TestSmtp = {
    url: '',
    received,
    refuse: 0,
    refused: 0,
    until(count, ms = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} emails in ${ms} ms`)),
          ms,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (smtp.refuse <= 0) return callback();
      smtp.refuse--;
      smtp.refused++;
      const error = Object.assign(new Error(`<${address.address}>: mailbox busy, try again later`), {
        responseCode: 451,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  smtp.url = `smtp://127.0.0.1:${port}`;
  return smtp;
}

export interface SilentSmtp {
  url: string;
  /** connections taken and left hanging */
  readonly connections: number;
  /** resolves once a connection is open */
  connected(ms?: number): Promise<void>;
  /** ends the hanging connections (the sender then fails at once) and stops listening */
  close(): Promise<void>;
}

/** A mail server that takes connections and never greets: every send hangs until its timeout. */
export async function startSilentSmtp(): Promise<SilentSmtp> {
  const sockets = new Set<Socket>();
  let onConnect: (() => void) | null = null;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    onConnect?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let total = 0;
  server.on('connection', () => total++);
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return total;
    },
    connected(ms = 5000) {
      if (total > 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no connection in ${ms} ms`)), ms);
        onConnect = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
