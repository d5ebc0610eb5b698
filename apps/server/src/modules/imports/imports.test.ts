import { API, type ImportJob } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';
import { importChunk } from './repository';

const CSV = [
  'fullName,email,phoneCountryCode,phoneValue,degreeName,batchName,branchName',
  'Kavya Reddy,kavya.reddy@upload.example,+91,98450 11111,B.Tech,2018-2022,Computer Science',
  'Arjun Das,arjun.das@upload.example,+91,9845022222,Ph.D,2020-2025,Quantum Optics',
  'Meera Again,member@demo.alumnet.dev,+91,9845033333,B.Tech,2018-2022,Computer Science',
  'Kavya Twice,KAVYA.REDDY@upload.example,+91,9845044444,B.Tech,2018-2022,Computer Science',
  ',nobody@upload.example,,,,,',
  'Bad Mail,not-an-address,,,,,',
  '"=HYPERLINK(""http://x"")",formula@upload.example,,,B.Tech,2018-2022,Civil',
].join('\n');

describe('Upload Users (admin-area.md Upload Users CSV)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let admin: string;

  const upload = (body: string, cookie = admin, fileName = 'alumni.csv') =>
    t.app.inject({
      method: 'POST',
      url: `${API.imports.upload}?fileName=${fileName}`,
      headers: { cookie, 'content-type': 'text/csv' },
      payload: body,
    });
  const status = async (id: string) =>
    (
      await t.app.inject({ url: API.imports.show(id), headers: { cookie: admin } })
    ).json() as ImportJob;

  beforeAll(async () => {
    t = await buildTestApp({ JOB_POLL_SECONDS: '0.5' });
    worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
    admin = (await loginAs(t.app, 'admin@demo.alumnet.dev')).cookie;
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('imports good rows, reports duplicates and malformed rows, keeps unknown structure as New Data', async () => {
    const response = await upload(CSV);
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json().job as ImportJob;
    expect(job).toMatchObject({
      fileName: 'alumni.csv',
      totalRows: 7,
      processedRows: 2,
      failed: 2,
    });
    let done = job;
    for (let i = 0; i < 100 && done.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = await status(job._id);
    }
    expect(done).toMatchObject({ status: 'done', processedRows: 7, added: 3, failed: 4 });

    const [kavya] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'kavya.reddy@upload.example'));
    expect(kavya).toMatchObject({
      fullName: 'Kavya Reddy',
      phone: '9845011111',
      isRegistered: false,
      isApproved: false,
      newCollegeData: false,
    });
    expect(kavya!.branchId).not.toBeNull();
    const [arjun] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'arjun.das@upload.example'));
    expect(arjun).toMatchObject({
      newCollegeData: true,
      degreeId: null,
      newDegreeRequestName: 'Ph.D',
      newBatchRequestName: '2020-2025',
      newBranchRequestName: 'Quantum Optics',
    });
    expect(await t.db.$count(users, eq(users.email, 'member@demo.alumnet.dev'))).toBe(1);

    const report = await t.app.inject({
      url: API.imports.report(job._id),
      headers: { cookie: admin },
    });
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body.trim().split('\n');
    expect(lines[0]).toBe('row,fullName,email,outcome,reason');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toMatch(/^2,Kavya Reddy,kavya\.reddy@upload\.example,added,$/);
    expect(lines[3]).toContain('failed,A user with this e-mail or phone already exists');
    expect(lines[4]).toContain('failed,A user with this e-mail or phone already exists');
    expect(lines[5]).toContain('fullName is empty');
    expect(lines[6]).toContain('email is not a valid address');
    expect(lines[7]).toContain(`"'=HYPERLINK(""http://x"")"`);

    // A chunk run again (a worker that died after committing, before its queue heard) adds
    // nobody twice, fails nobody for colliding with themselves, and leaves the report as it was.
    const before = await t.db.$count(users);
    const collegeId = (await t.db.select().from(importJobs).where(eq(importJobs.id, job._id)))[0]!
      .collegeId;
    expect(await importChunk(t.db, job._id, collegeId, 2, 5002)).toEqual({ added: 0, failed: 0 });
    expect(await t.db.$count(users)).toBe(before);
    expect(await status(job._id)).toMatchObject({ added: 3, failed: 4 });
    expect(
      (await t.app.inject({ url: API.imports.report(job._id), headers: { cookie: admin } })).body,
    ).toBe(report.body);
  });

  it('refuses a file without the header, and leaves nothing behind', async () => {
    const before = await t.db.$count(users);
    const response = await upload('Kavya Reddy,kavya@x.example\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^Error processing CSV file: The header row must name the columns fullName, email/,
    );
    const unclosed = await upload('fullName,email\n"Open quote,a@b.example\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toMatch(/^Error processing CSV file/);
    expect(await t.db.$count(users)).toBe(before);
  });

  it('is for admins, into their own college', async () => {
    const member = (await loginAs(t.app, 'member@demo.alumnet.dev')).cookie;
    expect((await upload(CSV, member)).statusCode).toBe(403);
    expect((await upload(CSV, '')).statusCode).toBe(401);
    const other = (await loginAs(t.app, 'admin2@demo.alumnet.dev')).cookie;
    const job = (await upload('fullName,email\nZoe,zoe@upload.example\n')).json().job as ImportJob;
    const peek = await t.app.inject({ url: API.imports.show(job._id), headers: { cookie: other } });
    expect(peek.statusCode).toBe(404);
  });
});
