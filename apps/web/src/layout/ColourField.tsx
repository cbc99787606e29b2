import { Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hexColour } from '@orbit/shared/contrast';
import type { PaletteColour } from '@orbit/shared/palette';

type Props = { name: PaletteColour; label: string; value: string; presets?: { label: string; colors: string[] }; invalid: boolean; onChange: (hex: string) => void };

/** A square of colour, as a button or as the browser's own colour picker. */
const SWATCH = { width: 22, height: 22, padding: 0, border: '1px solid var(--orbit-border, #d9d9d9)', borderRadius: 4, cursor: 'pointer' } as const;

/**
 * One colour of the settings panel: the browser's own colour picker for the eye, the `#rrggbb`
 * text for the keyboard and for exact values, and, for the main colour, the preset theme colours
 * one click away. The browser's picker rather than antd's: antd's brought its slider and colour
 * model (~15 KiB gzip) into the app for this one panel. A colour is proposed once it is complete;
 * the panel decides whether it applies.
 */
export default function ColourField({ name, label, value, presets, invalid, onChange }: Props) {
  const { t } = useTranslation();
  const [typing, setTyping] = useState<string>();
  const id = `setting-colour-${name}`;
  return (
    <div style={{ padding: '4px 0' }}>
      <Flex justify="space-between" align="center" gap={8}>
        <label htmlFor={id}>{label}</label>
        <Flex align="center" gap={6}>
          <input
            type="color"
            value={value}
            aria-label={t('layout.settings.pickColour', { name: label })}
            style={{ ...SWATCH, background: 'none' }}
            onChange={(event) => onChange(event.target.value)}
            data-testid={`${id}-picker`}
          />
          <Input
            id={id}
            size="small"
            value={typing ?? value}
            status={invalid ? 'error' : undefined}
            maxLength={7}
            spellCheck={false}
            style={{ width: 84, fontFamily: 'monospace' }}
            onChange={(event) => {
              const text = event.target.value.trim();
              const hex = hexColour(text);
              setTyping(hex ? undefined : text);
              if (hex) onChange(hex);
            }}
            onBlur={() => setTyping(undefined)}
            data-testid={id}
          />
        </Flex>
      </Flex>
      {presets && (
        <Flex gap={6} wrap role="group" aria-label={presets.label} style={{ marginTop: 6, justifyContent: 'flex-end' }} data-testid={`${id}-presets`}>
          {presets.colors.map((colour) => (
            <button
              key={colour}
              type="button"
              title={colour}
              aria-label={`${presets.label} ${colour}`}
              aria-pressed={colour.toLowerCase() === value.toLowerCase()}
              style={{ ...SWATCH, background: colour, outline: colour.toLowerCase() === value.toLowerCase() ? '2px solid currentColor' : undefined, outlineOffset: 1 }}
              onClick={() => onChange(colour)}
            />
          ))}
        </Flex>
      )}
    </div>
  );
}
