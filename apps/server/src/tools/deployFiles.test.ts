import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { settingNames } from '../config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
}

/** The deployment files (docs/deployment.md) must keep up with the server: a renamed setting breaks them silently. */
describe('deployment files', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };

  it('gives the GridOps instances only settings the server reads, and the settings several instances need', () => {
    const instances = Object.entries(compose.services).filter(([name]) => name.startsWith('gridops-'));
    expect(instances.map(([name]) => name)).toEqual(['gridops-a', 'gridops-b']);
    for (const [, service] of instances) {
      const keys = Object.keys(service.environment ?? {});
      expect(keys.filter((k) => !settingNames.includes(k))).toEqual([]);
      // Shared database, one broker cluster through Redis (docs/adr/0006), a distinct instance id, one face-photo
      // key and one stored-secrets key for all, proxies believed.
      expect(keys).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'INSTANCE_ID', 'FACE_PHOTO_KEY', 'SECRETS_KEY', 'TRUST_PROXY']));
      // REDIS_URL clusters the embedded broker; an external one (MQTT_URL) would refuse to start with it.
      expect(keys).not.toContain('MQTT_URL');
      expect(service.environment!.REDIS_URL).toMatch(/^redis:\/\/redis:/);
    }
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(new Set(instances.map(([, s]) => s.environment!.INSTANCE_ID)).size).toBe(2);
    // Exactly one instance seeds and simulates.
    expect(instances.filter(([, s]) => s.environment!.SIMULATOR === 'on')).toHaveLength(1);
  });

  it('documents every setting in .env.example', () => {
    const documented = read('.env.example');
    expect(settingNames.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(documented))).toEqual([]);
  });

  it('balances HTTP and MQTT (TCP and WebSocket) over the compose instances by /ready, and HAProxy accepts its configuration', () => {
    const cfg = read('deploy/haproxy/haproxy.cfg');
    expect(cfg).toContain('option httpchk GET /ready');
    for (const name of ['gridops-a', 'gridops-b']) {
      expect(cfg).toContain(`${name}:8080 check`);
      // Gateways and browsers reach every instance's broker node (the cluster), checked on the HTTP port.
      expect(cfg).toContain(`${name}:1883`);
      expect(cfg).toContain(`${name}:8084`);
    }
    expect(cfg.match(/check port 8080/g)?.length).toBe(2);
    // `haproxy -c` parses the file; names that only resolve inside compose are warnings, not errors.
    const out = execFileSync('haproxy', ['-c', '-f', path.join(root, 'deploy/haproxy/haproxy.cfg')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toContain('Configuration file is valid');
  });

  it('builds an image that runs as a non-root user with a health check, starting the built server', () => {
    const docker = read('Dockerfile');
    expect(docker).toMatch(/^FROM .* AS build$/m);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(docker).toContain('CMD ["node", "apps/server/dist/main.js"]');
    expect(read('apps/server/package.json')).toContain('"main": "./dist/main.js"');
  });

  it('ships a systemd unit that runs the server as its own user and restarts it', () => {
    const unit = read('deploy/systemd/gridops.service');
    expect(unit).toMatch(/^User=gridops$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^ExecStart=.*apps\/server\/dist\/main\.js$/m);
    expect(unit).toMatch(/^EnvironmentFile=/m);
  });
});
