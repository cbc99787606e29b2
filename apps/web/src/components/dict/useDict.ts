import { useQueries, useQuery } from '@tanstack/react-query';
import type { DictValue } from '@orbit/shared/contract/dict';
import { useTranslation } from 'react-i18next';
import { getDictValues } from '../../api/system/dict';

/** Values by dictionary type; a type still loading is undefined (never an empty list, which would show codes). */
export type DictOptions = Record<string, DictValue[] | undefined>;

/** Query key of one dictionary's values; labels depend on the language, so it is part of the key. */
export const dictQueryKey = (dictType: string, language: string) => ['dict', dictType, language] as const;

/**
 * The values of one or more dictionaries by type (`useDict('sys_normal_disable', 'sys_user_sex')`),
 * cached for the session: each type is fetched once per language. A type is undefined while it
 * loads — so that `DictTag` shows a placeholder, never the code (`not_started`), before its label
 * is known — and [] when it could not be loaded (then the codes are all there is to show).
 */
export function useDict(...dictTypes: string[]): DictOptions {
  const { i18n } = useTranslation();
  const results = useQueries({
    queries: dictTypes.map((dictType) => ({
      queryKey: dictQueryKey(dictType, i18n.language),
      queryFn: async () => (await getDictValues(dictType)).data,
      staleTime: Infinity,
    })),
  });
  const options: DictOptions = {};
  dictTypes.forEach((dictType, index) => {
    const result = results[index];
    options[dictType] = result?.data ?? (result?.isError ? [] : undefined);
  });
  return options;
}

/**
 * One dictionary's values, or undefined while they load (so that a code is never shown for its
 * label); none when they could not be loaded (the codes are then all there is to show).
 */
export function useDictValues(dictType: string | null | undefined): DictValue[] | undefined {
  const { i18n } = useTranslation();
  const { data, isError } = useQuery({
    queryKey: dictQueryKey(dictType ?? '', i18n.language),
    queryFn: async () => (await getDictValues(dictType!)).data,
    staleTime: Infinity,
    enabled: !!dictType,
  });
  return dictType ? (data ?? (isError ? [] : undefined)) : [];
}

/** The label of a value, or the raw value when the dictionary has no such entry. */
export function dictLabel(options: DictValue[] | undefined, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return options?.find((o) => o.dictValue === text)?.dictLabel ?? text;
}

/** Dictionary values as the `{value, label}` options of a Select or Radio.Group. */
export function dictSelectOptions(options: DictValue[] | undefined): { value: string; label: string }[] {
  return (options ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
}
