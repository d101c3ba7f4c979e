import { Col, Row } from 'antd';
import type { ColProps } from 'antd';
import type { ReactNode } from 'react';
import { StatCard } from '../../stats/StatCard';
import type { StatCardProps } from '../../stats/StatCard';

export interface StatItem extends StatCardProps {
  key: string;
  /** The card's grid cell, overriding the row's `col`. */
  col?: ColProps;
  /** Wraps the card (a clickable card that picks what the charts show). */
  wrap?: (card: ReactNode) => ReactNode;
}

/** The row of KPI cards at the top of a report. */
export function StatCards({ items, col = { xs: 12, md: 8 } }: { items: readonly StatItem[]; col?: ColProps }) {
  return (
    <Row gutter={[12, 12]}>
      {items.map(({ key, col: own, wrap, ...card }) => {
        const c = <StatCard {...card} />;
        return (
          <Col key={key} {...(own ?? col)}>
            {wrap ? wrap(c) : c}
          </Col>
        );
      })}
    </Row>
  );
}
