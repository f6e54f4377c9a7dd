// The form fields of a Prometheus API request as the board sent it: in the URL (GET, the usual
// case) or in a form POST body (a URL past MAX_GET_URL, src/prometheus/http.ts).
export function requestForm(r: { url(): string; postData(): string | null }): URLSearchParams {
  const body = r.postData();
  return body ? new URLSearchParams(body) : new URL(r.url()).searchParams;
}
