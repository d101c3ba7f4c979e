import { Empty } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';

/** How a feature words and marks the prompt a centre user gets before picking a site. */
export interface SitePrompt {
  /** Translation keys of the prompt and of its hint (which points at the header's site selector). */
  title: string;
  hint: string;
  /** The prompt's test id, from the page's own. */
  testId: (pageTestId: string) => string;
  /** Style of the hint's span; without one the hint is plain text. */
  hintStyle?: CSSProperties;
  /** Class of the page's wrapper. */
  className?: string;
  /** Remount the page when the site changes, so a switch starts clean. */
  remountOnSwitch?: boolean;
}

/**
 * Site pages read one project. A centre user who has not picked one yet gets the prompt instead of a page of
 * errors; the header's site selector is where the choice is made. The page is wrapped in a `testId` element
 * that carries `data-project`.
 */
export function SiteGate({
  testId,
  prompt,
  children,
}: {
  testId: string;
  prompt: SitePrompt;
  children: (projectId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const proID = useSession((s) => s.proID);
  if (!proID)
    return (
      <Empty style={{ marginTop: 64 }} description={t(prompt.title)} data-testid={prompt.testId(testId)}>
        {prompt.hintStyle ? <span style={prompt.hintStyle}>{t(prompt.hint)}</span> : t(prompt.hint)}
      </Empty>
    );
  return (
    <div
      data-testid={testId}
      data-project={proID}
      key={prompt.remountOnSwitch ? proID : undefined}
      className={prompt.className}
    >
      {children(proID)}
    </div>
  );
}
