import type { LiveCamera } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { wallPage } from './CameraWall';
import { pickCamera } from './pickCamera';

const cam = (id: number, room: number | null, name = `C${id}`): LiveCamera => ({ id, room_id: room, room_name: '', name, ptz: false, kind: 'mjpeg', play_url: `/video/mjpeg/${id}/t`, has_snapshot: true });
const cams = [cam(1, 10), cam(2, 11, '东门'), cam(3, 11)];

describe('the engine video dialog picks', () => {
  it('the camera named by id or name, else the first of the room, else the first', () => {
    expect(pickCamera(cams, { value: '3' })?.id).toBe(3);
    expect(pickCamera(cams, { devid: 2 })?.id).toBe(2);
    expect(pickCamera(cams, { value: '东门' })?.id).toBe(2);
    expect(pickCamera(cams, { value: 'CAM-X', roomid: 11 })?.id).toBe(2);
    expect(pickCamera(cams, { value: 'CAM-X' })?.id).toBe(1);
    expect(pickCamera(cams, null)?.id).toBe(1);
    expect(pickCamera([], { value: '1' })).toBeNull();
  });
});

describe('the camera wall', () => {
  it('shows `layout` cameras per page', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(wallPage(ten, 4, 1)).toEqual([1, 2, 3, 4]);
    expect(wallPage(ten, 9, 2)).toEqual([10]);
    expect(wallPage(ten, 1, 3)).toEqual([3]);
  });
});
