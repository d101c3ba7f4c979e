import { InfoCircleOutlined } from '@ant-design/icons';
import { quantityDefinition, type EnergyQuantity } from '@gridops/contract';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A figure's title with the glossary's definition of its quantity in a tooltip (issue 26 item 5): a site manager
 * can tell consumption from grid import, or a branch's own meter from what the loss analysis calls its input.
 */
export function QuantityTitle({ quantity, children }: { quantity: EnergyQuantity; children: ReactNode }) {
  const { i18n } = useTranslation();
  const definition = quantityDefinition(quantity, i18n.language === 'en' ? 'en' : 'zh');
  return (
    <Tooltip title={definition}>
      <span data-quantity={quantity} data-definition={definition} style={{ cursor: 'help' }}>
        {children} <InfoCircleOutlined style={{ fontSize: 12, opacity: 0.55 }} />
      </span>
    </Tooltip>
  );
}
