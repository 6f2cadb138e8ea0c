type Listener = (event: MessageEvent<unknown>) => void;

/** A stand-in for the browser's EventSource (jsdom has none): tests push events and errors by hand. */
export class MockEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: MockEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = MockEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL, init?: EventSourceInit) {
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    MockEventSource.instances.push(this);
  }

  static latest(): MockEventSource {
    const source = MockEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }

  static reset(): void {
    MockEventSource.instances = [];
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = MockEventSource.CLOSED;
  }

  get isClosed(): boolean {
    return this.readyState === MockEventSource.CLOSED;
  }

  private dispatch(type: string, data?: string): void {
    const event = new MessageEvent(type, { data });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }

  open(): void {
    this.readyState = MockEventSource.OPEN;
    this.dispatch('open');
  }

  /** Sends `event: <type>` with `data: <JSON>`, or a raw string as the data. */
  emit(type: string, data: unknown): void {
    this.dispatch(type, typeof data === 'string' ? data : JSON.stringify(data));
  }

  /** A dropped connection (the browser retries) or, with `isFatal`, a refused one (the source is closed). */
  fail(isFatal = false): void {
    this.readyState = isFatal ? MockEventSource.CLOSED : MockEventSource.CONNECTING;
    this.dispatch('error');
  }
}
