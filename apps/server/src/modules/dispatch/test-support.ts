import { API, type DispatchJob } from '@alumnet/contract';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { buildTestApp, loginAs } from '../../test/build';

/**
 * `count` alumni of the college named `${name} Alumnus0…`, their addresses
 * `${name in lower case}.0@example.com…`: a job's recipients, found by searching the name.
 */
export async function insertAlumni(db: Database, collegeId: string, name: string, count: number) {
  const handle = name.toLowerCase();
  await db.insert(users).values(
    Array.from({ length: count }, (_, i) => ({
      collegeId,
      firstName: name,
      lastName: `Alumnus${i}`,
      fullName: `${name} Alumnus${i}`,
      username: `${handle}.${i}`,
      email: `${handle}.${i}@example.com`,
    })),
  );
}

/**
 * An e-mail job over the admin's alumni matching `searchText`, dispatched and waited for (a worker
 * must run); its output CSV's lines.
 */
export async function runEmailJob(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  admin: Awaited<ReturnType<typeof loginAs>>,
  searchText: string,
  totalResults: number,
) {
  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
  const added = await post(API.dashboard.addJob, {
    method: 'email',
    selectAll: true,
    filterData: { searchText },
    totalResults,
  });
  expect(added.statusCode, added.body).toBe(200);
  const job = added.json<{ job: DispatchJob }>().job;
  expect((await post(API.dashboard.dispatch(job._id))).statusCode).toBe(200);
  let done: DispatchJob | undefined;
  for (let i = 0; i < 150 && done?.status !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const jobs = await post(API.dashboard.fetchJobs, { userId: admin.user._id, page: 1 });
    done = jobs.json<{ jobs: DispatchJob[] }>().jobs.find((j) => j._id === job._id);
  }
  expect(done?.status).toBe('done');
  const csv = await app.inject({
    url: API.dashboard.download(done!.outputCsvPath!),
    headers: { cookie: admin.cookie },
  });
  return csv.body.split('\n');
}
