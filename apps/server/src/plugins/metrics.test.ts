import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../jobs/queue';
import { buildTestApp } from '../test/build';

const TOKEN = 'test-metrics-token-0123456789';

describe('metrics', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };

  it('refuses a scraper without the token, or with another one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: TOKEN },
    ]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/Authorization: Bearer/);
    }
  });

  it('counts requests under their route pattern, never the raw URL', async () => {
    const id = '0123456789abcdef01234567';
    await t.app.inject(`/api/messages/${id}`);
    await t.app.inject(`/api/messages/${id}`);
    await t.app.inject('/api/no-such-thing');
    const body = await scrape();
    expect(body).toContain(
      'http_requests_total{method="GET",route="/api/messages/:id",status_code="401"} 2',
    );
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/messages/:id",status_code="401"} 2',
    );
    expect(body).toContain(
      'http_requests_total{method="GET",route="unmatched",status_code="404"} 1',
    );
    expect(body).not.toContain(id);
    expect(body).not.toContain('no-such-thing');
  });

  it('shows the process, the database pool, sockets, dependencies and queued jobs', async () => {
    const body = await scrape();
    for (const line of [
      /^nodejs_eventloop_lag_p99_seconds \d/m,
      /^nodejs_heap_size_used_bytes \d/m,
      /^process_resident_memory_bytes \d/m,
      /^alumnet_db_pool_connections\{state="total"\} [1-9]/m,
      /^alumnet_db_pool_connections\{state="idle"\} \d/m,
      /^alumnet_db_pool_waiting 0/m,
      /^alumnet_db_expected_wait_seconds 0/m,
      /^alumnet_open_connections\{gateway="chat"\} 0/m,
      /^alumnet_dependency_up\{dependency="database"\} 1/m,
      /^alumnet_jobs_queued\{queue="dispatch-chunk"\} 0/m,
      /^alumnet_jobs_queued\{queue="import-chunk"\} 0/m,
    ])
      expect(body).toMatch(line);
  });

  it('counts a job waiting in its own queue only', async () => {
    // Not before an hour from now: no worker takes it while the scrape counts it.
    await t.app.jobs.boss.send(
      QUEUES.importChunk,
      { importId: 'x', from: 0 },
      { startAfter: 3600 },
    );
    const body = await scrape();
    expect(body).toMatch(/^alumnet_jobs_queued\{queue="import-chunk"\} 1$/m);
    expect(body).toMatch(/^alumnet_jobs_queued\{queue="dispatch-chunk"\} 0$/m);
  });
});

describe('metrics, off (no METRICS_TOKEN)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, token or not', async () => {
    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such route: GET /metrics');
  });
});
