// The Chinese half of error-text.ts: a typed error told from its kind, status and errorType.
import type { PrometheusError } from '../../prometheus';

const HTTP_ZH: Record<number, string> = {
  400: '请求无效',
  401: '需要认证',
  403: '无权访问',
  404: '此 URL 下没有 Prometheus API（请检查路径前缀）',
  405: '不允许的方法（该后端或代理不提供此接口）',
  422: '查询无法执行',
  429: '请求过于频繁，被限流',
};

const API_ZH: Record<string, string> = {
  bad_data: '查询或参数无效',
  timeout: '查询超时',
  execution: '查询执行失败',
  unavailable: '后端不可用',
  canceled: '查询被取消',
  internal: '后端内部错误',
  not_found: '未找到',
};

function withDetail(text: string, detail: string): string {
  return detail ? `${text}。后端的原话：“${detail}”` : text;
}

export function errorTextZh(e: PrometheusError): string {
  switch (e.kind) {
    case 'network':
      return e.timedOut
        ? '后端未在限定时间内响应（后端过载或查询过重）。'
        : '无法连接后端（服务已停止、URL 有误，或 CORS/认证阻止了浏览器：请参阅 README 中的代理配置）。';
    case 'http': {
      const status = e.status ?? 0;
      const meaning = HTTP_ZH[status] ?? (status >= 500 ? '后端出错' : '意外的响应');
      return withDetail(`HTTP ${status}：${meaning}`, e.detail);
    }
    case 'not-prometheus':
      return withDetail('返回的不是 Prometheus API JSON，这是 API 的基础 URL 吗？收到的内容', e.detail);
    case 'api':
      return withDetail(`${API_ZH[e.errorType ?? ''] ?? '后端报告了错误'}（${e.errorType ?? 'error'}）`, e.detail);
    case 'aborted':
      return '请求已取消。';
    case 'too-large':
      return '响应过大，超出读取上限；请缩小筛选条件或时间范围。';
  }
}
