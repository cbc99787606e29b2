import { ColorPicker, Flex, Input } from 'antd';
import { useState } from 'react';
import { hexColour } from '@orbit/shared/contrast';
import type { PaletteColour } from '@orbit/shared/palette';

type Props = { name: PaletteColour; label: string; value: string; presets?: { label: string; colors: string[] }; invalid: boolean; onChange: (hex: string) => void };

/**
 * One colour of the settings panel: a picker for the eye and the `#rrggbb` text for the keyboard
 * and for exact values. A colour is proposed once it is complete; the panel decides whether it applies.
 */
export default function ColourField({ name, label, value, presets, invalid, onChange }: Props) {
  const [typing, setTyping] = useState<string>();
  const id = `setting-colour-${name}`;
  return (
    <Flex justify="space-between" align="center" gap={8} style={{ padding: '4px 0' }}>
      <label htmlFor={id}>{label}</label>
      <Flex align="center" gap={6}>
        <ColorPicker
          value={value}
          size="small"
          disabledAlpha
          presets={presets ? [presets] : undefined}
          onChangeComplete={(colour) => onChange(colour.toHexString())}
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
  );
}
