import { act, cleanup, render } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { otherModalOpen, PENDING_WRAP_CLASS, useOtherModalOpen } from './otherModal';

function Probe() {
  return <span data-testid="probe">{useOtherModalOpen() ? 'busy' : 'free'}</span>;
}
const probe = () => document.querySelector('[data-testid="probe"]')?.textContent;

describe('another modal holds the pending dialog back', () => {
  afterEach(() => cleanup());

  it('counts visible modal wrappers other than the pending dialog', () => {
    const root = document.createElement('div');
    root.innerHTML = `<div class="ant-modal-wrap ${PENDING_WRAP_CLASS}"></div><div class="ant-modal-wrap" style="display: none"></div>`;
    expect(otherModalOpen(root)).toBe(false);
    root.insertAdjacentHTML('beforeend', '<div class="ant-modal-wrap"></div>');
    expect(otherModalOpen(root)).toBe(true);
  });

  it('follows an antd modal opening and going away', async () => {
    const { rerender } = render(
      <>
        <Probe />
        <Modal open={false} title="x" destroyOnHidden />
      </>,
    );
    expect(probe()).toBe('free');
    await act(async () => {
      rerender(
        <>
          <Probe />
          <Modal open title="x" destroyOnHidden />
        </>,
      );
    });
    await vi.waitFor(() => expect(probe()).toBe('busy'));
    // Gone (happy-dom never ends antd's closing animation, so unmount rather than close).
    await act(async () => {
      rerender(<Probe />);
    });
    await vi.waitFor(() => expect(probe()).toBe('free'), { timeout: 3000 });
  });
});
