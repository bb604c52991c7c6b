import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '#server/config.ts';

const load = (environment: Record<string, string>) => loadServerConfig(environment, '/app');

function configError(environment: Record<string, string>): string {
  try {
    load(environment);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('the file storage settings', () => {
  it('keep files on the local disk under DATA_DIR/files by default', () => {
    expect(load({}).storage).toEqual({ driver: 'local', directory: path.resolve('/app', 'data', 'files') });
    expect(load({ DATA_DIR: '/var/portal', STORAGE_DRIVER: '' }).storage).toEqual({
      driver: 'local',
      directory: '/var/portal/files',
    });
  });

  it('name the bucket, endpoint, region and path style for an S3-compatible store', () => {
    expect(
      load({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'ap-northeast-1',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      endpoint: 'http://minio:9000',
      region: 'ap-northeast-1',
      forcePathStyle: true,
    });
    expect(load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'portal-files', S3_ENDPOINT: '' }).storage).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('refuse S3 without a bucket, with a message naming the variable', () => {
    expect(configError({ STORAGE_DRIVER: 's3' })).toContain(
      'S3_BUCKET: STORAGE_DRIVER=s3 ではバケット名が必須です',
    );
    expect(configError({ STORAGE_DRIVER: 's3', S3_BUCKET: '' })).toContain('S3_BUCKET');
  });

  it('refuse an unknown driver and an endpoint that is not an http(s) URL', () => {
    expect(configError({ STORAGE_DRIVER: 'gcs' })).toContain('STORAGE_DRIVER');
    expect(configError({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT',
    );
  });

  it('refuse one S3 key without the other, without echoing the secret, and keep keys out of the config', () => {
    const message = configError({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal-files',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
    });
    expect(message).toContain('S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY');
    expect(message).not.toContain('very-secret-value');

    const config = load({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
    });
    expect(JSON.stringify(config.storage)).not.toContain('very-secret-value');
    expect(config.readSecret('S3_SECRET_ACCESS_KEY')).toBe('very-secret-value');
  });
});
