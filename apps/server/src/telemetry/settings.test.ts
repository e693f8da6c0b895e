import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('the settings of metrics and traces', () => {
  it('leave both off by default', () => {
    expect(loadConfig({}).observability).toEqual({ metrics: null, tracing: null });
  });

  it('read the metrics token or port', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).observability.metrics).toEqual({ token: 'a-long-enough-token', port: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).observability.metrics).toEqual({ token: undefined, port: 9464 });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: a port of its own/);
  });

  it('read the collector as the OTLP exporter convention has it', () => {
    const tracing = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc, x-tenant = padhub' }).observability.tracing;
    expect(tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      headers: { authorization: 'Bearer abc', 'x-tenant': 'padhub' },
      serviceName: 'padhub',
      sampleRatio: 0.1,
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://tempo.example.com/otlp/v1/traces', OTEL_TRACES_SAMPLER_ARG: '1' }).observability.tracing).toMatchObject({
      url: 'https://tempo.example.com/otlp/v1/traces',
      sampleRatio: 1,
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_HEADERS: 'no pairs here' })).toThrow(/OTEL_EXPORTER_OTLP_HEADERS/);
  });
});
