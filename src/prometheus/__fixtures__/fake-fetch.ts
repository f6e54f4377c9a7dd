// Test helper: a fetch that replays recorded (or synthetic) answers and records what was asked.

/** The shape record.sh writes: one real request and its answer. */
export interface Fixture {
  request: { method: string; path: string; params: string[] };
  status: number;
  contentType: string;
  body: string;
}

export interface Reply {
  status?: number;
  contentType?: string;
  body: string;
  /** Pretend fetch followed a redirect to this URL. */
  redirectedTo?: string;
}

export interface Call {
  url: string;
  init: RequestInit;
}

export function reply(f: Fixture | Reply): Response {
  const status = f.status ?? 200;
  const res = new Response(f.body === '' ? null : f.body, {
    status,
    headers: { 'content-type': f.contentType ?? 'application/json' },
  });
  if ('redirectedTo' in f && f.redirectedTo !== undefined) {
    Object.defineProperty(res, 'redirected', { value: true });
    Object.defineProperty(res, 'url', { value: f.redirectedTo });
  }
  return res;
}

/** A fetch answering each call with the next entry of `answers` (the last one repeats). */
export function fakeFetch(...answers: (Fixture | Reply | Error)[]): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(input), init: init ?? {} });
    const a = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (a === undefined) return Promise.reject(new Error('fakeFetch: no answer'));
    if (a instanceof Error) return Promise.reject(a);
    return Promise.resolve(reply(a));
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

/** The form fields of a recorded call (POST body or GET query string), in order. */
export function sentParams(call: Call): [string, string][] {
  const text = typeof call.init.body === 'string' ? call.init.body : new URL(call.url).search;
  return [...new URLSearchParams(text).entries()];
}

/** Every header of a call, lower-cased names. */
export function sentHeaders(call: Call): Record<string, string> {
  return Object.fromEntries(new Headers(call.init.headers).entries());
}
