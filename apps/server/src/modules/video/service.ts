import { ErrorCode, normalisePermissions, type EventMedia, type Lang, type LiveCamera, type LiveCameraList, type VideoCamera } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { videoRepository as repo, type CameraWrite } from './repository.js';
import { snapshotSvg } from './snapshot.js';
import type { StreamHub, StreamLog, Viewer } from './streams.js';
import { classifyStream, maskUrl, playKind, stripCredentials, unmaskUrl, type StreamSigner } from './urls.js';
import { OutboundError, outboundMessage, type Outbound } from '../../lib/outbound/index.js';
import { isSealed, secretContext, type SecretBox } from '../../lib/storedSecrets.js';
import { pickLang } from '../../lib/lang.js';

type Row = NonNullable<Awaited<ReturnType<typeof repo.camera>>>;
type CameraBody = { room_id: number | null; name: string; name_en: string; code: string; stream_url: string; snapshot_url: string; ptz: boolean };

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
/** A `***` password sent back for another scheme, host, port or user: the stored one never follows a URL elsewhere. */
const secretRequired = (field: 'stream_url' | 'snapshot_url') =>
  new AppError(ErrorCode.SecretRequired, { zh: `${field === 'stream_url' ? '视频流地址' : '抓图地址'}的主机、端口或用户已更改，请重新输入密码（不能保留 ***）`, en: `The ${field === 'stream_url' ? 'stream' : 'snapshot'} URL's host, port or user changed: enter the password again (*** cannot be kept)` }, field);
const SNAPSHOT_MAX_BYTES = 2_000_000;
const SNAPSHOT_TIMEOUT_MS = 5000;

/** The configuration page's view: passwords in URLs masked. */
const toCamera = (r: Row, lang: Lang): VideoCamera => ({
  id: r.id,
  project_id: r.project_id,
  room_id: r.room_id,
  room_name: pickLang(lang, r.room_name, r.room_name_en),
  name: r.name,
  name_en: r.name_en,
  code: r.code ?? '',
  stream_url: maskUrl(r.stream_url),
  snapshot_url: maskUrl(r.snapshot_url),
  ptz: r.ptz,
  version: r.version,
  updated_at: r.updated_at.toISOString(),
});

/** What the audit log keeps of a camera (masked URLs: the log is read by user managers, not camera admins). */
const audited = (r: Row) => ({ name: r.name, name_en: r.name_en, code: r.code, room_id: r.room_id, stream_url: maskUrl(r.stream_url), snapshot_url: maskUrl(r.snapshot_url), ptz: r.ptz });

export interface VideoServiceDeps {
  hub: StreamHub;
  signer: StreamSigner;
  /** Allowed media-server origins (VIDEO_ORIGINS), the CSP's connect-src/media-src. */
  origins: readonly string[];
  /** Snapshot URLs are fetched through the outbound guard (docs/security.md "Outbound requests"). */
  outbound: Outbound;
  /** Camera URLs with credentials are stored sealed (docs/security.md "Stored secrets"). */
  secrets: SecretBox;
}

/** Live video (docs/video.md): camera configuration, what viewers play, snapshots, an event's media. */
export function createVideoService(db: Db, access: AccessService, audit: AuditService, deps: VideoServiceDeps) {
  const { hub, signer } = deps;
  const { outbound, secrets } = deps;
  /** A URL as stored: sealed when it carries a secret (a password, a key in its query), else as it is. */
  const sealUrl = (url: string, context: string) => (maskUrl(url) !== url ? secrets.seal(url, context) : url);
  const openUrl = (url: string, context: string) => (isSealed(url) ? secrets.open(url, context) : url);
  /** A camera row with its URLs opened. */
  const opened = <R extends Row>(r: R): R => ({ ...r, stream_url: openUrl(r.stream_url, secretContext.cameraStreamUrl), snapshot_url: openUrl(r.snapshot_url, secretContext.cameraSnapshotUrl) });
  const camera = async (d: Db, id: number) => {
    const r = await repo.camera(d, id);
    return r && opened(r);
  };
  const cameras = async (d: Db, projectId: number) => (await repo.cameras(d, projectId)).map(opened);
  let log: StreamLog = { info: () => undefined, warn: () => undefined };

  async function owned(user: AuthUser, id: number): Promise<Row> {
    const row = await camera(db, id);
    if (!row) throw notFound();
    await access.assertProject(user, row.project_id);
    return row;
  }

  async function checked(projectId: number, body: CameraBody, exceptId: number | null, stored: Row | null): Promise<CameraWrite> {
    if (body.room_id !== null) {
      const room = await repo.room(db, body.room_id);
      if (!room || room.project_id !== projectId) throw invalid('room_id', '所选配电室不属于该站点', 'The room is not one of this site');
    }
    if (await repo.nameTaken(db, projectId, body.name, exceptId)) throw invalid('name', `本站点已有名为“${body.name}”的摄像头`, `This site already has a camera named "${body.name}"`);
    if (body.code && (await repo.codeTaken(db, projectId, body.code, exceptId))) throw invalid('code', `本站点已有通道编码为 ${body.code} 的摄像头`, `This site already has a camera with channel code ${body.code}`);
    // A masked password comes back as the stored one only for the same scheme, host, port and user.
    const streamUrl = unmaskUrl(body.stream_url, stored?.stream_url ?? null);
    if (streamUrl === null) throw secretRequired('stream_url');
    const stream = classifyStream(streamUrl);
    if (stream.kind === 'invalid') {
      if (stream.reason === 'rtsp') throw invalid('stream_url', '浏览器无法直接播放 RTSP：请经媒体服务器（MediaMTX、go2rtc 或 SRS）转为 HLS，填写其 .m3u8 地址（见 docs/video.md）', 'Browsers cannot play RTSP: publish it through a media server (MediaMTX, go2rtc or SRS) as HLS and enter its .m3u8 URL (docs/video.md)');
      throw invalid('stream_url', '视频流地址须为 HLS（.m3u8）的 http(s) 地址、以 / 开头的本站路径，或演示用 sim://', 'The stream URL must be an http(s) HLS (.m3u8) URL, a path on this server starting with /, or sim:// for a demo camera');
    }
    if (stream.kind === 'hls' && stream.origin !== null && !deps.origins.includes(stream.origin)) {
      throw invalid('stream_url', `媒体服务器 ${stream.origin} 不在 VIDEO_ORIGINS 中，浏览器的内容安全策略会拦截它`, `The media server ${stream.origin} is not in VIDEO_ORIGINS: the browser's content security policy would block it`);
    }
    const snapshotUrl = unmaskUrl(body.snapshot_url, stored?.snapshot_url ?? null);
    if (snapshotUrl === null) throw secretRequired('snapshot_url');
    if (snapshotUrl && !/^https?:\/\/[^/\s]+/i.test(snapshotUrl)) throw invalid('snapshot_url', '抓图地址须为 http(s) 地址', 'The snapshot URL must be an http(s) URL');
    return {
      room_id: body.room_id,
      name: body.name,
      name_en: body.name_en,
      code: body.code || null,
      stream_url: sealUrl(streamUrl, secretContext.cameraStreamUrl),
      snapshot_url: sealUrl(snapshotUrl, secretContext.cameraSnapshotUrl),
      ptz: body.ptz,
    };
  }

  function live(r: Row, user: AuthUser, lang: Lang, videoAvailable: boolean): LiveCamera | null {
    const stream = classifyStream(r.stream_url);
    const kind = playKind(stream, videoAvailable);
    if (!kind) return null;
    const playUrl = kind === 'mjpeg' ? `/video/mjpeg/${r.id}/${signer.sign(r.id, user.sessionId)}` : kind === 'hls' ? stripCredentials(r.stream_url) : null;
    return {
      id: r.id,
      room_id: r.room_id,
      room_name: pickLang(lang, r.room_name, r.room_name_en),
      name: pickLang(lang, r.name, r.name_en),
      ptz: r.ptz,
      kind,
      play_url: playUrl,
      has_snapshot: stream.kind === 'sim' || r.snapshot_url !== '',
    };
  }

  const label = (r: Row) => (hub.cjkFont() ? (r.name_en ? `${r.name}\n${r.name_en}` : r.name) : r.name_en || r.name);

  return {
    /** The server's logger, once the app is built (snapshot failures are logged). */
    setLog(l: StreamLog) {
      log = l;
    },

    async list(user: AuthUser, projectId: number, lang: Lang): Promise<VideoCamera[]> {
      await access.assertProject(user, projectId);
      return (await cameras(db, projectId)).map((r) => toCamera(r, lang));
    },

    async create(user: AuthUser, body: CameraBody & { project_id: number }, lang: Lang): Promise<VideoCamera> {
      await access.assertProject(user, body.project_id);
      const values = await checked(body.project_id, body, null, null);
      const row = await db.transaction().execute(async (trx) => {
        const { id } = await repo.insert(trx, body.project_id, values);
        const created = (await camera(trx, id))!;
        await audit.recordChange(trx, { action: 'video.createCamera', target: { type: 'video_camera', id }, before: null, after: audited(created), projectId: body.project_id });
        return created;
      });
      return toCamera(row, lang);
    },

    async update(user: AuthUser, id: number, body: CameraBody & { version: number }, lang: Lang): Promise<VideoCamera> {
      const before = await owned(user, id);
      const values = await checked(before.project_id, body, id, before);
      const row = await db.transaction().execute(async (trx) => {
        if ((await repo.update(trx, id, body.version, values)) === 0) {
          throw new AppError(ErrorCode.Conflict, { zh: '摄像头已被他人修改，请刷新后重试', en: 'Someone else changed this camera; reload and try again' }, 'version');
        }
        const after = (await camera(trx, id))!;
        await audit.recordChange(trx, { action: 'video.updateCamera', target: { type: 'video_camera', id }, before: audited(before), after: audited(after), projectId: before.project_id });
        return after;
      });
      return toCamera(row, lang);
    },

    async remove(user: AuthUser, id: number): Promise<null> {
      const before = await owned(user, id);
      await db.transaction().execute(async (trx) => {
        await repo.remove(trx, id);
        await audit.recordChange(trx, { action: 'video.deleteCamera', target: { type: 'video_camera', id }, before: audited(before), after: null, projectId: before.project_id });
      });
      return null;
    },

    async live(user: AuthUser, projectId: number, lang: Lang): Promise<LiveCameraList> {
      await access.assertProject(user, projectId);
      const rows = await cameras(db, projectId);
      await signer.ready?.();
      // Looked up for every list (docs/video.md "Which ffmpeg"): an ffmpeg installed meanwhile plays at once.
      const available = await hub.available();
      return { video_available: available, cameras: rows.flatMap((r) => live(r, user, lang, available) ?? []) };
    },

    /** The camera's picture now: its stream's last frame, the configured snapshot URL (fetched here), or a drawn one. */
    async snapshot(user: AuthUser, id: number, lang: Lang): Promise<{ img: string; ts: string }> {
      const r = await owned(user, id);
      const now = new Date();
      if (classifyStream(r.stream_url).kind === 'sim') {
        const frame = hub.lastFrame(r.id);
        if (frame) return { img: `data:image/jpeg;base64,${frame.jpeg.toString('base64')}`, ts: new Date(frame.at).toISOString() };
        return { img: snapshotSvg(pickLang(lang, r.name, r.name_en), formatInZone(now, r.timezone)), ts: now.toISOString() };
      }
      if (!r.snapshot_url) throw invalid('id', '该摄像头未配置抓图地址', 'This camera has no snapshot URL');
      // Through the guard: internal addresses refused unless OUTBOUND_ALLOW names them, no redirects, bounded
      // time and size. The answer is an image or a generic reason — never what the remote side said.
      let img: { type: string; body: Buffer };
      try {
        const res = await outbound.request(r.snapshot_url, { timeoutMs: SNAPSHOT_TIMEOUT_MS, maxBytes: SNAPSHOT_MAX_BYTES });
        const type = String(res.headers['content-type'] ?? '');
        if (res.status < 200 || res.status >= 300) throw new OutboundError('http_status', res.status);
        if (!type.startsWith('image/')) throw new OutboundError('bad_answer', res.status);
        img = { type: type.split(';')[0]!, body: res.body };
      } catch (err) {
        const e = err instanceof OutboundError ? err : new OutboundError('unreachable');
        // The URL as configured (with its credentials) goes to the log: the logger's redaction list (lib/redact) strips them.
        log.warn({ camera: r.id, url: r.snapshot_url, reason: e.reason, status: e.status }, `camera snapshot failed: ${r.snapshot_url}`);
        const reason = { zh: outboundMessage(e.reason, e.status, 'zh'), en: outboundMessage(e.reason, e.status, 'en') };
        throw new AppError(ErrorCode.NotFound, { zh: `摄像头抓图失败：${reason.zh}`, en: `Snapshot failed: ${reason.en}` }, 'snapshot_url');
      }
      // What the camera says it sent decides nothing: the picture is decoded and re-encoded like every image.
      const image = await guardImage(img.body, { field: 'snapshot_url', label: { zh: '摄像头抓图', en: 'camera snapshot' }, maxBytes: SNAPSHOT_MAX_BYTES });
      return { img: `data:${image.mime};base64,${image.bytes.toString('base64')}`, ts: now.toISOString() };
    },

    /** The event's room camera to watch and the capture taken when it was raised (either may be absent). */
    async eventMedia(user: AuthUser, eventId: number, lang: Lang): Promise<EventMedia> {
      const place = await repo.eventPlace(db, eventId);
      if (!place) throw notFound();
      await access.assertProject(user, place.project_id);
      const rows = await cameras(db, place.project_id);
      const row = rows.find((r) => place.room_id !== null && r.room_id === place.room_id);
      const cap = await repo.captureNear(db, place.project_id, place.room_id, place.raised_at, 2 * 60_000);
      await signer.ready?.();
      return {
        camera: row ? live(row, user, lang, await hub.available()) : null,
        capture: cap ? { id: cap.id, ts: cap.ts.toISOString(), img: cap.img, msg: pickLang(lang, cap.msg, cap.msg_en) } : null,
      };
    },

    /**
     * A viewer of a demo camera's MJPEG stream, authorised by the signed path: it names a session that must
     * still be live, whose user must still reach the camera's site. Returns null (answer 404) otherwise.
     */
    async openStream(id: number, token: string, viewer: Viewer): Promise<(() => void) | null> {
      await signer.ready?.();
      const sessionId = signer.verify(id, token);
      if (sessionId === null || !(await hub.available())) return null;
      const r = await camera(db, id);
      if (!r || classifyStream(r.stream_url).kind !== 'sim') return null;
      const u = await repo.liveSessionUser(db, sessionId);
      if (!u) return null;
      const permissions = normalisePermissions(u.permissions);
      const user: AuthUser = { id: u.id, orgId: u.org_id, userType: u.user_type as 0 | 1 | 2, username: u.username, name: u.name, permissions, canControl: permissions.includes('control'), sessionId: u.session_id, mustChangePassword: u.must_change_password };
      try {
        await access.assertProject(user, r.project_id);
      } catch {
        return null;
      }
      return hub.watch(r.id, { label: label(r), zone: r.timezone }, viewer);
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
