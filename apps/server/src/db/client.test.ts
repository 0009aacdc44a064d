import { describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/log-capture.ts';
import { createPool } from './client.ts';

describe('createPool', () => {
  it('logs a lost idle connection by its code and message, without the client pg hangs on the error', async () => {
    const logs = captureLogs('warn');
    const pool = createPool({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', log: logs.logger });
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { user: 'postgres', host: '127.0.0.1' }, _queryQueue: [] },
    });
    pool.emit('error', error, {});
    await pool.end();

    const [line] = logs.lines().filter((entry) => entry.msg === 'database connection lost');
    expect(line?.err).toMatchObject({ code: '57P01', message: 'terminating connection due to administrator command' });
    expect(JSON.stringify(line)).not.toContain('connectionParameters');
  });

  it('logs a connection PostgreSQL ends while the process is shutting down at info, not as a lost connection', async () => {
    const logs = captureLogs('info');
    let stopping = false;
    const pool = createPool({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', log: logs.logger, stopping: () => stopping });
    const ended = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    stopping = true;
    pool.emit('error', ended(), {});
    await pool.end();

    const lines = logs.lines();
    expect(lines.filter((entry) => entry.msg === 'database connection lost')).toEqual([]);
    expect(lines.find((entry) => entry.msg === 'database connection closed while shutting down')).toMatchObject({ level: 30, code: '57P01' });
  });
});
