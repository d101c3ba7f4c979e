import type { LiveCameraList, VideoCamera } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { CameraWall } from './CameraWall';
import { EventMedia } from './EventMedia';
import { SecMonitorSetPage } from './SecMonitorSetPage';
import { VideoDialogBody } from './VideoDialogBody';

const cameras: VideoCamera[] = [
  { id: 1, project_id: 1, room_id: 3, room_name: '1#配电室', name: '1#配电室·摄像机1', name_en: 'Room 1 camera 1', code: 'SZIP-CAM1', stream_url: 'sim://testsrc2', snapshot_url: '', ptz: false, version: 1, updated_at: '2026-11-25T08:00:00.000Z' },
  { id: 2, project_id: 1, room_id: 3, room_name: '1#配电室', name: '门口', name_en: 'Door', code: '', stream_url: 'http://viewer:***@media.example:8888/door/index.m3u8', snapshot_url: 'http://admin:***@10.0.0.9/snap.jpg', ptz: true, version: 3, updated_at: '2026-11-25T08:00:00.000Z' },
];
const live = (available: boolean): LiveCameraList => ({
  video_available: available,
  cameras: [
    { id: 1, room_id: 3, room_name: '1#配电室', name: '1#配电室·摄像机1', ptz: false, kind: available ? 'mjpeg' : 'snapshot', play_url: available ? '/video/mjpeg/1/9.1.x' : null, has_snapshot: true },
    { id: 2, room_id: 3, room_name: '1#配电室', name: '门口', ptz: true, kind: 'hls', play_url: 'http://media.example:8888/door/index.m3u8', has_snapshot: true },
  ],
});
const snapshot = { img: 'data:image/svg+xml;base64,PHN2Zy8+', ts: '2026-11-25T08:00:02.000Z' };

describe('live video', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('SecMonitorSet lists cameras with masked passwords and saves a new one (zh)', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/v6/video/cameras': cameras,
      'GET /api/v6/distribution/realtime': { rooms: [{ id: 3, name: '1#配电室', devices: [] }] },
      'POST /api/v6/video/camera': (body: unknown) => {
        sent.push(body);
        return cameras[0];
      },
    });
    await renderPage(<SecMonitorSetPage />, { pageKey: 'SecMonitorSet' });
    await expectTexts('摄像头', '1#配电室·摄像机1', 'sim://testsrc2', 'http://viewer:***@media.example:8888/door/index.m3u8', '云台');
    fireEvent.click(screen.getByTestId('camera-add'));
    fireEvent.change(await screen.findByTestId('camera-name'), { target: { value: '2#门口' } });
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(sent).toEqual([{ project_id: 1, name: '2#门口', name_en: '', room_id: null, code: '', stream_url: 'sim://testsrc2', snapshot_url: '', ptz: false }]));
  });

  it('SecMonitorSet in English', async () => {
    mockApi({ 'GET /api/v6/video/cameras': cameras.map((c) => ({ ...c, room_name: 'Room 1' })), 'GET /api/v6/distribution/realtime': { rooms: [] } });
    await renderPage(<SecMonitorSetPage />, { pageKey: 'SecMonitorSet', lang: 'en' });
    await expectTexts('Cameras', 'Room 1 camera 1', 'Door', 'Add camera', 'Stream URL', 'Snapshot URL');
    await expectEnglishOnly();
  });

  it('the wall plays MJPEG in an <img> and HLS in a <video>, and switches layout', async () => {
    mockApi({ 'GET /api/v6/video/live': live(true) });
    await renderPage(<CameraWall projectId={1} />, { pageKey: 'SecMonitor' });
    const img = await screen.findByTestId('live-mjpeg');
    expect(img.getAttribute('src')).toBe('/video/mjpeg/1/9.1.x');
    expect(screen.getByTestId('live-player-2').getAttribute('data-kind')).toBe('hls');
    expect(screen.queryByTestId('no-ffmpeg')).toBeNull();
    fireEvent.click(screen.getByText('1 画面'));
    await waitFor(() => expect(screen.queryByTestId('live-player-2')).toBeNull());
  });

  it('without ffmpeg the wall says how to get video and shows snapshots (en)', async () => {
    mockApi({ 'GET /api/v6/video/live': live(false), 'GET /api/v6/video/snapshot/1': snapshot });
    await renderPage(<CameraWall projectId={1} />, { pageKey: 'SecMonitor', lang: 'en' });
    await expectTexts('Live video (2 cameras)', 'apt-get install ffmpeg', 'Snapshot');
    const img = await screen.findByTestId('live-snapshot');
    expect(img.getAttribute('src')).toBe(snapshot.img);
  });

  it('the engine dialog plays the camera it asked for, and lets the user pick another', async () => {
    mockApi({ 'GET /api/v6/video/live': live(true) });
    await renderPage(<VideoDialogBody projectId={1} request={{ value: '门口' }} />, { pageKey: 'Test' });
    expect((await screen.findByTestId('live-player-2')).getAttribute('data-kind')).toBe('hls');
  });

  it("an event's snapshot and its room camera", async () => {
    mockApi({ 'GET /api/v6/video/event-media': { camera: live(true).cameras[0], capture: { id: 5, ts: '2026-11-25T08:00:00.000Z', img: snapshot.img, msg: '烟感 报警' } } });
    await renderPage(<EventMedia eventId={9} />, { pageKey: 'Test' });
    await expectTexts('事件抓拍', '现场视频', '烟感 报警');
    expect(screen.getByTestId('live-mjpeg')).toBeTruthy();
  });
});

const aiEvent = (id: number, type: 'no_helmet' | 'smoking', status: 'pending' | 'confirmed' | 'false_positive') => ({
  id,
  camera_id: 1,
  camera_name: id === 1 ? '1#配电室·摄像机1' : 'Room 1 camera 1',
  type,
  confidence: 0.87,
  boxes: [{ x: 0.1, y: 0.2, w: 0.2, h: 0.5, label: 'person', score: 0.9 }],
  snapshot: snapshot.img,
  zone: '',
  ts: '2026-11-25T08:00:00.000Z',
  status,
  reviewed_by: null,
  reviewed_at: null,
  event_id: null,
});
const summary = (lang: 'zh' | 'en') => ({
  today_by_type: [{ type: 'intrusion', count: 0 }, { type: 'no_helmet', count: 1 }, { type: 'no_workwear', count: 0 }, { type: 'smoking', count: 1 }, { type: 'fire_smoke', count: 0 }, { type: 'fall', count: 0 }, { type: 'crowd', count: 0 }],
  today_by_camera: [{ camera_id: 1, camera_name: lang === 'zh' ? '1#配电室·摄像机1' : 'Room 1 camera 1', count: 2 }],
  pending: 1,
  rates: [{ camera_id: 1, camera_name: lang === 'zh' ? '1#配电室·摄像机1' : 'Room 1 camera 1', type: 'smoking', reviewed: 4, false_positives: 1, rate: 0.25 }],
  days: 30,
});

describe('AI security page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('shows counts, FP rates, snapshots with boxes, and confirms a detection (zh)', async () => {
    const reviews: unknown[] = [];
    mockApi({
      'GET /api/v6/ai/summary': summary('zh'),
      'GET /api/v6/ai/events': { total: 2, list: [aiEvent(1, 'no_helmet', 'pending'), aiEvent(2, 'smoking', 'false_positive')] },
      'POST /api/v6/ai/events/1/review': (body: unknown) => {
        reviews.push(body);
        return aiEvent(1, 'no_helmet', 'confirmed');
      },
    });
    const { AiSecurityPage } = await import('./AiSecurityPage');
    await renderPage(<AiSecurityPage />, { pageKey: 'AISecurity' });
    await expectTexts('今日识别（按类型）', '未戴安全帽', '误报率（近 30 天，已复核）', '25.0%', '最新识别画面', '识别时间线');
    expect(screen.getAllByTestId('ai-box').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getAllByTestId('ai-confirm-1')[0]!);
    await waitFor(() => expect(reviews).toEqual([{ verdict: 'confirmed' }]));
    fireEvent.click(screen.getByTestId('ai-show-boxes'));
    await waitFor(() => expect(screen.queryAllByTestId('ai-box')).toHaveLength(0));
  });

  it('in English', async () => {
    mockApi({ 'GET /api/v6/ai/summary': summary('en'), 'GET /api/v6/ai/events': { total: 1, list: [aiEvent(2, 'smoking', 'false_positive')] } });
    const { AiSecurityPage } = await import('./AiSecurityPage');
    await renderPage(<AiSecurityPage />, { pageKey: 'AISecurity', lang: 'en' });
    await expectTexts('Today by type', 'No helmet', 'False-positive rate (last 30 days, reviewed)', 'Latest detections', 'Timeline');
    await expectEnglishOnly();
  });
});
