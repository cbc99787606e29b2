import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';

export type IconLibrary = Record<string, ComponentType>;

let library: Promise<IconLibrary> | null = null;

/**
 * The outlined icons of @ant-design/icons by component name, loaded on first use only, so the
 * whole icon set never lands in the bundles of other pages.
 */
export function loadIconLibrary(): Promise<IconLibrary> {
  library ??= import('@ant-design/icons').then((icons) => {
    const outlined: IconLibrary = {};
    for (const [name, icon] of Object.entries(icons)) if (name.endsWith('Outlined')) outlined[name] = icon as ComponentType;
    return outlined;
  });
  return library;
}

export function useIconLibrary(): IconLibrary | null {
  const [icons, setIcons] = useState<IconLibrary | null>(null);
  useEffect(() => {
    let live = true;
    void loadIconLibrary().then((loaded) => live && setIcons(loaded));
    return () => {
      live = false;
    };
  }, []);
  return icons;
}
