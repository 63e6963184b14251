import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A bordered white frame drawn like antd's Card (its border, corners, title bar and padding, from
 * the theme's tokens), without Card's code: Card brings Tabs and Skeleton into the first screen.
 * `small` is Card's `size="small"`.
 */
export function Panel({
  title,
  small,
  className,
  children,
}: {
  title?: ReactNode;
  small?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const radius = token.borderRadiusLG;
  const frame: CSSProperties = {
    boxSizing: 'border-box',
    position: 'relative',
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    background: token.colorBgContainer,
    border: line,
    borderRadius: radius,
  };
  const head: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    minHeight: small ? token.fontSize * token.lineHeight + token.paddingXS * 2 : token.fontSizeLG * token.lineHeightLG + token.padding * 2,
    marginBottom: -1,
    padding: `0 ${small ? 12 : token.paddingLG}px`,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: small ? token.fontSize : token.fontSizeLG,
    borderBottom: line,
    borderRadius: `${radius}px ${radius}px 0 0`,
  };
  return (
    <div className={className} style={frame}>
      {title ? (
        <div style={head}>
          <div className="gh-panel-title" style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
            {title}
          </div>
        </div>
      ) : null}
      <div style={{ padding: small ? 12 : token.paddingLG }}>{children}</div>
    </div>
  );
}
