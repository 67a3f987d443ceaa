import { CommandAck, SOCKET_PAYLOADS } from '@openbroker/domain';
import { act } from '@testing-library/react';
import type { RealtimeSocket, SocketFactory, SocketOptions } from '../api/sockets.js';

type Handler = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: Record<string, unknown>;
  ack: ((answer: CommandAck) => void) | undefined;
}

/** A socket.io client stand-in: records what the app emits and lets a test play the server. */
export class FakeSocket implements RealtimeSocket {
  connected = false;
  active = false;
  readonly emitted: Emitted[] = [];
  /** Answers commands as they are emitted (set by a test); otherwise acks wait for `answer`. */
  onCommand: ((event: string, payload: Record<string, unknown>) => CommandAck | undefined) | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    readonly namespace: string,
    readonly options: SocketOptions = {},
  ) {}

  on(event: string, listener: Handler) {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Handler) {
    if (listener) this.handlers.get(event)?.delete(listener);
    else this.handlers.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const payload = (args[0] ?? {}) as Record<string, unknown>;
    const ack = typeof args[1] === 'function' ? (args[1] as (answer: CommandAck) => void) : undefined;
    this.emitted.push({ event, payload, ack });
    // A played answer is checked against the ack contract, like every fixture of the server's answers.
    const answer = this.onCommand?.(event, payload);
    if (answer) CommandAck.parse(answer);
    if (answer && ack) ack(answer);
    return this;
  }

  /** The app asks to connect: the fake server accepts at once (use `refuse` to play a refusal). */
  connect() {
    this.active = true;
    this.connected = true;
    this.fire('connect');
    return this;
  }

  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /**
   * The server sends `event` (wrapped in act: it updates React state). A payload of a contract event
   * (`prices`, `positions`, `balance`) is checked against its schema first: a drifted one throws.
   */
  push(event: string, payload: unknown) {
    (SOCKET_PAYLOADS as Record<string, { parse(value: unknown): unknown }>)[event]?.parse(payload);
    act(() => this.fire(event, payload));
  }

  /** The server refuses the handshake with `message` (e.g. 'UNAUTHORIZED'). */
  refuse(message: string) {
    act(() => {
      this.connected = false;
      this.active = false;
      this.fire('connect_error', new Error(message));
    });
  }

  /** Emitted commands of one event. */
  commands(event: string): Emitted[] {
    return this.emitted.filter((e) => e.event === event);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

/** A socket factory that hands out fakes and keeps them for the test to drive. */
export function fakeSockets() {
  const created: FakeSocket[] = [];
  const factory: SocketFactory = (namespace, options) => {
    const socket = new FakeSocket(namespace, options);
    created.push(socket);
    return socket;
  };
  const last = (namespace: string): FakeSocket => {
    const socket = created.filter((s) => s.namespace === namespace).at(-1);
    if (!socket) throw new Error(`no ${namespace} socket was opened`);
    return socket;
  };
  return {
    factory,
    created,
    prices: () => last('/prices'),
    trading: () => last('/trading'),
  };
}
