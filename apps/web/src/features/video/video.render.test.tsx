import type { LiveCameraList, VideoCamera } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { CameraWall } from './CameraWall';
import { EventMedia } from './EventMedia';
import { SecMonitorSetPage } from './SecMonitorSetPage';
import { VideoDialogBody } from './VideoDialogBody';

const cameras: VideoCamera[] = [
  { id: 1, project_id: 1, room_id: 3, room_name: '1#配电室', name: '1#配电室·摄像机1', name_en: 'Room 1 camera 1', stream_url: 'sim://testsrc2', snapshot_url: '', ptz: false, version: 1, updated_at: '2026-11-25T08:00:00.000Z' },
  { id: 2, project_id: 1, room_id: 3, room_name: '1#配电室', name: '门口', name_en: 'Door', stream_url: 'http://viewer:***@media.example:8888/door/index.m3u8', snapshot_url: 'http://admin:***@10.0.0.9/snap.jpg', ptz: true, version: 3, updated_at: '2026-11-25T08:00:00.000Z' },
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
    await waitFor(() => expect(sent).toEqual([{ project_id: 1, name: '2#门口', name_en: '', room_id: null, stream_url: 'sim://testsrc2', snapshot_url: '', ptz: false }]));
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
