import { Skeleton, Space, Tag } from 'antd';
import type { DictValue } from '@orbit/shared/contract/dict';

/** RuoYi's list classes and the antd tag colours they stand for. */
const TAG_COLOURS: Record<string, string | undefined> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

export function tagColour(listClass: string | undefined): string | undefined {
  return listClass ? TAG_COLOURS[listClass] : undefined;
}

type Props = {
  /** The dictionary's values; undefined while they load (a placeholder shows, never the code). */
  options: DictValue[] | undefined;
  /** One value, several values, or a comma-separated list. */
  value: string | number | null | undefined | Array<string | number>;
};

/** What stands for a label until its dictionary is in: a short grey bar, announced as busy. */
export function DictLoading() {
  return (
    <span aria-busy data-testid="dict-loading">
      <Skeleton.Button active size="small" style={{ width: 64, height: 16 }} />
    </span>
  );
}

/**
 * Renders dictionary values by their label: as a coloured tag when the value has a list class
 * (primary, success, info, warning, danger), as plain text for 'default' or none. Unknown values
 * are shown as they are; while the dictionary loads, a placeholder.
 */
export default function DictTag({ options, value }: Props) {
  if (value === null || value === undefined || value === '') return null;
  if (!options) return <DictLoading />;
  const values = (Array.isArray(value) ? value : String(value).split(',')).map(String);
  return (
    <Space size={4} wrap>
      {values.map((v) => {
        const item = options?.find((o) => o.dictValue === v);
        if (!item) return <span key={v}>{v}</span>;
        const colour = tagColour(item.listClass);
        if (!colour) {
          return (
            <span key={v} className={item.cssClass || undefined}>
              {item.dictLabel}
            </span>
          );
        }
        return (
          <Tag key={v} color={colour} className={item.cssClass || undefined} style={{ marginInlineEnd: 0 }}>
            {item.dictLabel}
          </Tag>
        );
      })}
    </Space>
  );
}
