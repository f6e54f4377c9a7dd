#!/usr/bin/env bash
# Records real Prometheus answers as fixtures: {request, status, contentType, body}.
# Usage: start Prometheus on 127.0.0.1:19190 scraping itself every 1s, wait ~10s, then
#   bash src/prometheus/__fixtures__/record.sh
set -euo pipefail
BASE=${BASE:-http://127.0.0.1:19190}
DIR=$(cd "$(dirname "$0")" && pwd)
NOW=$(date +%s)

# rec NAME METHOD PATH [curl --data-urlencode args...]
rec() {
  local name=$1 method=$2 path=$3; shift 3
  local tmp; tmp=$(mktemp)
  local meta
  if [ "$method" = GET ]; then
    meta=$(curl -sS -G -o "$tmp" -w '%{http_code}\t%{content_type}' "$@" "$BASE$path")
  else
    meta=$(curl -sS -X POST -o "$tmp" -w '%{http_code}\t%{content_type}' "$@" "$BASE$path")
  fi
  local status=${meta%%$'\t'*} ctype=${meta#*$'\t'}
  # The request is kept as the list of curl form fields, for the record only.
  local params; params=$(printf '%s\n' "$@" | grep -v -- '^--data-urlencode$' | jq -R . | jq -s .)
  jq -n --arg method "$method" --arg path "$path" --argjson params "$params" \
        --argjson status "$status" --arg ctype "$ctype" --rawfile body "$tmp" \
        '{request:{method:$method,path:$path,params:$params},status:$status,contentType:$ctype,body:$body}' \
        > "$DIR/$name.json"
  rm -f "$tmp"
  echo "$name: $status $ctype"
}

rec query-vector POST /api/v1/query --data-urlencode 'query=up' --data-urlencode "time=$NOW"
rec query-scalar POST /api/v1/query --data-urlencode 'query=scalar(sum(up)) * 2' --data-urlencode "time=$NOW"
rec query-nan POST /api/v1/query --data-urlencode 'query=0/0' --data-urlencode "time=$NOW"
rec query-range-matrix POST /api/v1/query_range --data-urlencode 'query=rate(prometheus_http_requests_total{handler="/metrics"}[5s])' \
  --data-urlencode "start=$((NOW-10))" --data-urlencode "end=$NOW" --data-urlencode 'step=2'
rec query-bad-data POST /api/v1/query --data-urlencode 'query=sum(rate(up[1m])' --data-urlencode "time=$NOW"
rec query-execution POST /api/v1/query --data-urlencode 'query=prometheus_http_requests_total * on(job) prometheus_http_requests_total' --data-urlencode "time=$NOW"
rec query-range-too-many-points POST /api/v1/query_range --data-urlencode 'query=up' \
  --data-urlencode "start=$((NOW-86400))" --data-urlencode "end=$NOW" --data-urlencode 'step=1'
rec label-names GET /api/v1/labels
rec label-values-name GET /api/v1/label/__name__/values --data-urlencode 'match[]={job="prometheus"}'
rec label-values-job GET /api/v1/label/job/values
rec series POST /api/v1/series --data-urlencode 'match[]=up' --data-urlencode 'match[]=prometheus_build_info'
rec metadata GET /api/v1/metadata --data-urlencode 'limit=5'
rec metadata-post-405 POST /api/v1/metadata
rec targets GET /api/v1/targets --data-urlencode 'state=active'
rec buildinfo GET /api/v1/status/buildinfo
rec config GET /api/v1/status/config
rec not-found-404 GET /api/v1/no_such_endpoint
rec html-page GET /classic/graph
