// vLLM's API server metrics (prometheus-fastapi-instrumentator, vllm/entrypoints/serve/instrumentator):
// `http_requests_total{handler,method,status}` with the status grouped by class (`2xx`). One set
// per instance (the API server), shared by its data-parallel engines; no model_name or engine
// label, and no `vllm:` prefix, so the underscore profile leaves the name as it is.
import type { Child, Family } from '../exposition.ts';
import type { SimRequest } from '../model/requests.ts';
import { Prng } from '../prng.ts';
import type { SpecRegistry } from './spec-families.ts';

const CHAT = '/v1/chat/completions';
const COMPLETIONS = '/v1/completions';
/** Share of requests sent to the chat endpoint (the rest go to /v1/completions). */
const CHAT_SHARE = 0.8;
/** Client errors (validation, unknown model, context too long) per request that reached an engine. */
const CLIENT_ERROR_SHARE = 0.01;
/** Share of finished requests that carried tools (parsed by the --tool-call-parser). */
const TOOL_SHARE = 0.35;
const TOOL_MODES = ['streaming', 'non_streaming'] as const;
const TOOL_OUTCOMES = ['tool_call', 'no_tool_call'] as const;
const TOOL_REQUEST_TYPES = ['chat_completions', 'responses', 'other'] as const;

export class VllmApiServerMetrics {
  private readonly family: Family;
  private readonly children = new Map<string, Child>();
  /** `vllm:tool_call_parser_invocations_total` by `mode outcome request_type` (--tool-call-parser). */
  private readonly toolCalls = new Map<string, Child>();

  constructor(
    sr: SpecRegistry,
    startSec: number,
    private readonly rng: Prng,
    tools: { modelName: string } | null = null,
  ) {
    this.family = sr.declare('http_requests_total');
    // The instrumentator creates a child on the first response of its kind; successes come at once.
    for (const handler of [CHAT, COMPLETIONS]) this.child(handler, '2xx', startSec);
    if (tools) {
      // All 12 label combinations are pre-created (spec notes); no engine label.
      const f = sr.declare('vllm:tool_call_parser_invocations_total');
      for (const mode of TOOL_MODES)
        for (const outcome of TOOL_OUTCOMES)
          for (const rt of TOOL_REQUEST_TYPES)
            this.toolCalls.set(`${mode} ${outcome} ${rt}`, f.child({ model_name: tools.modelName, mode, outcome, request_type: rt }, startSec));
    }
  }

  /** Non-streaming: one invocation per choice; streaming: one per delta (about one per token). */
  private parsedTools(r: SimRequest): void {
    if (this.toolCalls.size === 0 || r.finishReason === 'abort' || r.finishReason === 'error' || !this.rng.chance(TOOL_SHARE)) return;
    const streaming = this.rng.chance(0.6);
    const outcome = this.rng.chance(0.45) ? 'tool_call' : 'no_tool_call';
    const u = this.rng.uniform(0, 1);
    const rt = u < 0.75 ? 'chat_completions' : u < 0.95 ? 'responses' : 'other';
    const n = streaming ? Math.max(1, r.generated) : Math.max(1, r.paramsN);
    this.toolCalls.get(`${streaming ? 'streaming' : 'non_streaming'} ${outcome} ${rt}`)?.inc(n);
  }

  private child(handler: string, status: string, nowSec: number): Child {
    const key = `${handler} ${status}`;
    let c = this.children.get(key);
    if (!c) {
      c = this.family.child({ handler, method: 'POST', status }, nowSec);
      this.children.set(key, c);
    }
    return c;
  }

  /** A request that reached an engine ended (finished, aborted by the client, or failed). */
  responded(r: SimRequest, tMs: number): void {
    const handler = this.rng.chance(CHAT_SHARE) ? CHAT : COMPLETIONS;
    const nowSec = tMs / 1000;
    // A streaming response has sent its 200 before an abort; an engine error is a 500.
    this.child(handler, r.finishReason === 'error' ? '5xx' : '2xx', nowSec).inc();
    // Requests rejected before they reach an engine (400/404): a small share alongside.
    if (this.rng.chance(CLIENT_ERROR_SHARE)) this.child(handler, '4xx', nowSec).inc();
    this.parsedTools(r);
  }
}

export function createVllmApiServer(sr: SpecRegistry, startSec: number, seed: string, tools: { modelName: string } | null = null): VllmApiServerMetrics {
  return new VllmApiServerMetrics(sr, startSec, new Prng(seed), tools);
}
