import { App, Button, Popconfirm, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionProps {
  /** The question the pop-confirm asks. */
  title: ReactNode;
  /** Its confirm button's text. */
  okText: string;
  /** The row button's text. */
  label: ReactNode;
  /** The write to run once confirmed. */
  run: () => Promise<unknown>;
  /** Shown when `run` succeeds. */
  done: string;
  /** The message shown when `run` is refused (the server's words, in the user's language). */
  failure: (e: unknown) => string;
  /** Runs after success and refusal alike (re-reads the list either way). */
  settle: () => Promise<unknown>;
  /** Extra props of the row button (test id, `type`); it is small and danger by default. */
  button?: ButtonProps & { 'data-testid'?: string };
}

/** A destructive row action of a list page: confirm, run, say the result, re-read. */
export function ConfirmAction({ title, okText, label, run, done, failure, settle, button }: ConfirmActionProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await run();
          message.success(done);
        } catch (e) {
          message.error(failure(e));
        }
        await settle();
      }}
    >
      <Button size="small" danger {...button}>
        {label}
      </Button>
    </Popconfirm>
  );
}
