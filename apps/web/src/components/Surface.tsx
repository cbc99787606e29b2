import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

/**
 * A page's white panel, drawn as antd's borderless Card body (its background, corner radius and
 * padding, from the theme's tokens so that the dark theme and the size setting apply) without
 * Card itself: Card imports Tabs (for its tab list), ≈ 10 KiB a records list's first visit would
 * load for nothing (bench/wireSize.ts).
 */
export default function Surface({ style, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { token } = theme.useToken();
  return (
    <div
      {...props}
      style={{ background: token.colorBgContainer, color: token.colorText, borderRadius: token.borderRadiusLG, padding: token.paddingLG, ...style }}
    />
  );
}
