#!/usr/bin/env bash
# Records, from a real Prometheus, bucket-rate range answers and the histogram_quantile answers
# over the same window, for bucket-quantile.test.ts (our quantiles must equal Prometheus's).
# Usage: run the demo (`npm run demo -- --prom-port 19300 …`), wait a minute, then
#   BASE=http://127.0.0.1:19300 bash src/prometheus/__fixtures__/record-quantiles.sh
set -euo pipefail
BASE=${BASE:-http://127.0.0.1:19300}
DIR=$(cd "$(dirname "$0")" && pwd)
END=$(( $(date +%s) / 30 * 30 ))
START=$((END - 600))
STEP=30

range() { curl -sS -X POST "$BASE/api/v1/query_range" --data-urlencode "query=$1" \
  --data-urlencode "start=$START" --data-urlencode "end=$END" --data-urlencode "step=$STEP"; }

cases='[]'
for inner in \
  'sum by (le, model_name) (rate(vllm:time_to_first_token_seconds_bucket[1m]))' \
  'sum by (le, model_name) (rate(sglang:inter_token_latency_seconds_bucket[1m]))' \
  'sum by (le) (rate(vllm:request_params_n_bucket[30s]))' \
  'sum by (le, model_name) (rate(vllm:request_queue_time_seconds_bucket[15s]))'; do
  q='{}'
  for phi in 0.5 0.95 0.99; do
    q=$(jq -c --arg phi "$phi" --arg body "$(range "histogram_quantile($phi, $inner)")" '. + {($phi): $body}' <<<"$q")
  done
  cases=$(jq -c --arg inner "$inner" --arg body "$(range "$inner")" --argjson q "$q" --argjson start "$START" --argjson stop "$END" --argjson step "$STEP" \
    '. + [{inner: $inner, start: $start, end: $stop, step: $step, buckets: $body, quantiles: $q}]' <<<"$cases")
done
jq . <<<"$cases" > "$DIR/bucket-quantiles.json"
echo "bucket-quantiles.json: $(jq length "$DIR/bucket-quantiles.json") cases, $(wc -c < "$DIR/bucket-quantiles.json") bytes"
