import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver, in this process, files in a temp folder) with one bucket,
 * and the settings that point the app's file store at it (STORAGE=s3, path-style, its fixed test keys).
 */
export async function startS3Server(bucket = 'simshop-test') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env: Record<string, string> = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
