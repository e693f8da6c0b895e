import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { abuseActions } from '#server/lib/abuse-limits.ts';
import { buildTestApp } from '#server-test/helper.ts';
import { outsideTheMatrix, rows } from './matrix.ts';
import { readRows } from './read-rows.ts';
import { actorNames, World } from './world.ts';

// Hundreds of writes from one address in seconds: the matrix is about who, not how often.
const app = await buildTestApp({
  RATE_LIMITS: abuseActions.flatMap((a) => [`${a}.user=1000000/60`, `${a}.ip=1000000/60`]).join(','),
  LOGIN_LIMIT_PER_IP: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  REGISTER_LIMIT_PER_IP: '1000000',
});

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const routesThatChangeData = [...new Set(app.routes.filter((r) => WRITES.includes(r.method)).map((r) => `${r.method} ${r.url}`))];

describe('the authorisation matrix', () => {
  it('has a row for every route that changes data, and no row for a route that is gone', () => {
    const covered = new Set([...rows.map((r) => r.route), ...Object.keys(outsideTheMatrix)]);
    expect(routesThatChangeData.filter((route) => !covered.has(route)), 'routes without a row').toEqual([]);
    expect([...covered].filter((route) => !routesThatChangeData.includes(route)), 'rows without a route').toEqual([]);
    expect(rows.length, 'one row per route').toBe(new Set(rows.map((r) => r.route)).size);
  });

  describe.each([...rows, ...readRows])('$route', (row) => {
    const [method, url] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
    it.each(actorNames)('%s', async (actor) => {
      const world = await World.create(app);
      const request = await row.request(world, actor);
      const headers = { ...world.headersOf(actor), ...request.headers };
      const res = await app.inject({ method, url: request.url, headers, ...(request.payload ? { payload: request.payload } : {}) });
      const expected = row.expect[actor];
      const body = res.json();
      const got = { status: res.statusCode, code: body.code };
      if (expected === 'ok') expect(got, `${method} ${url} as ${actor}: ${res.body}`).toEqual({ status: 200, code: 0 });
      else expect(got, `${method} ${url} as ${actor}: ${res.body}`).toEqual({ status: errorCatalogue[expected].status, code: errorCatalogue[expected].code });
    });
  });
});
